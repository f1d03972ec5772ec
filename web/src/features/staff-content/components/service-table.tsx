import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { formatPrice } from '@studio/shared/currency';
import type { Service } from '@studio/shared/service';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useStaffServices } from '../api/catalogue.ts';
import { Modal } from './modal.tsx';
import { EditServiceForm, SubServiceForm } from './service-forms.tsx';
import { ConfirmDelete, QueryState } from './staff-widgets.tsx';

const priceText = (prices: Service['subServices'][number]['prices']) =>
  prices.map((p) => formatPrice(p.price, p.currency)).join(' / ') || '—';

function SubServicesPanel({ service, services }: { service: Service; services: Service[] }) {
  const queryClient = useQueryClient();
  const { notice, show, dismiss } = useTimedNotice();
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const current = services.find((s) => s.id === service.id) ?? service;

  async function remove(id: string) {
    try {
      await staffApiRequest('deleteSubService', { params: { id } });
      show({ kind: 'success', text: 'SubService deleted successfully' });
      await queryClient.invalidateQueries({ queryKey: ['services'] });
    } catch (error) {
      show({ kind: 'error', text: apiErrorText(error, 'Error deleting item', { issues: 'only' }) });
    }
  }

  return (
    <div className="sc-stack">
      <Notice notice={notice} onDismiss={dismiss} />
      {current.subServices.length === 0 && <p className="staff-empty">No subservices found</p>}
      <ul className="sc-list">
        {current.subServices.map((sub) =>
          editing === sub.id ? (
            <li key={sub.id}>
              <SubServiceForm services={services} existing={sub} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <li key={sub.id}>
              <div>
                <strong>{sub.name}</strong> <span className="sc-muted">order {sub.order}</span>
                <div className="sc-muted">{priceText(sub.prices)}</div>
              </div>
              <div className="sc-actions">
                <button type="button" className="button button--secondary sc-small" onClick={() => setEditing(sub.id)}>
                  Edit
                </button>
                <ConfirmDelete
                  question="Are you sure you want to delete this subservice?"
                  onConfirm={() => void remove(sub.id)}
                />
              </div>
            </li>
          ),
        )}
      </ul>
      {adding ? (
        <SubServiceForm services={services} fixedServiceId={service.id} onDone={() => setAdding(false)} />
      ) : (
        <div>
          <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
            Add Subservice
          </button>
        </div>
      )}
    </div>
  );
}

/** The service table: edit (optional new images), delete with confirmation, subservice modal. */
export function ServiceTable() {
  const queryClient = useQueryClient();
  const query = useStaffServices();
  const { notice, show, dismiss } = useTimedNotice();
  const [editing, setEditing] = useState<Service | null>(null);
  const [subsOf, setSubsOf] = useState<Service | null>(null);
  const closeEdit = useCallback(() => setEditing(null), []);
  const closeSubs = useCallback(() => setSubsOf(null), []);

  async function remove(service: Service) {
    try {
      await staffApiRequest('deleteService', { params: { id: service.id } });
      show({ kind: 'success', text: 'Service deleted successfully!' });
      await queryClient.invalidateQueries({ queryKey: ['services'] });
    } catch (error) {
      show({ kind: 'error', text: apiErrorText(error, 'Error deleting service', { issues: 'only' }) });
    }
  }

  const services = query.data ?? [];
  return (
    <div className="sc-stack">
      <Notice notice={notice} onDismiss={dismiss} />
      <QueryState isPending={query.isPending} error={query.error} retry={() => void query.refetch()} />
      {query.isSuccess && services.length === 0 && <p className="staff-empty">No services yet. Add one first.</p>}
      {services.length > 0 && (
        <div className="sc-table-wrap">
          <table className="sc-table sc-table--cards">
            <thead>
              <tr>
                <th scope="col">Image</th>
                <th scope="col">Name</th>
                <th scope="col">Description</th>
                <th scope="col">Order</th>
                <th scope="col">Subservices</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {services.map((service) => (
                <tr key={service.id}>
                  <td data-label="Image">
                    <img className="sc-thumb" src={service.afterImage} alt="" width={120} height={90} loading="lazy" />
                  </td>
                  <td data-label="Name">
                    <strong>{service.name}</strong>
                  </td>
                  <td data-label="Description">{service.description}</td>
                  <td data-label="Order">{service.order}</td>
                  <td data-label="Subservices">{service.subServices.length}</td>
                  <td data-label="Actions">
                    <div className="sc-actions">
                      <button
                        type="button"
                        className="button button--secondary sc-small"
                        onClick={() => setEditing(service)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="button button--secondary sc-small"
                        onClick={() => setSubsOf(service)}
                      >
                        Subservices
                      </button>
                      <ConfirmDelete
                        question="Are you sure you want to delete this service?"
                        onConfirm={() => void remove(service)}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <Modal title={`Edit ${editing.name}`} onClose={closeEdit}>
          <EditServiceForm
            service={editing}
            onDone={() => {
              setEditing(null);
              show({ kind: 'success', text: 'Service updated successfully!' });
            }}
          />
        </Modal>
      )}
      {subsOf && (
        <Modal title={`Subservices of ${subsOf.name}`} onClose={closeSubs}>
          <SubServicesPanel service={subsOf} services={services} />
        </Modal>
      )}
    </div>
  );
}

/** The service list: every service with its subservices and prices, read-only. */
export function ServiceList() {
  const query = useStaffServices();
  const services = query.data ?? [];
  return (
    <div className="sc-stack">
      <QueryState isPending={query.isPending} error={query.error} retry={() => void query.refetch()} />
      {query.isSuccess && services.length === 0 && <p className="staff-empty">No services yet. Add one first.</p>}
      <ul className="sc-grid">
        {services.map((service) => (
          <li key={service.id} className="sc-card">
            <img src={service.afterImage} alt="" width={320} height={144} loading="lazy" />
            <h2>{service.name}</h2>
            <p className="sc-muted">{service.description}</p>
            {service.subServices.length === 0 ? (
              <p className="sc-muted">No subservices available for this service.</p>
            ) : (
              <ul>
                {service.subServices.map((sub) => (
                  <li key={sub.id}>
                    {sub.name}: {priceText(sub.prices)}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
