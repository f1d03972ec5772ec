import { useState } from 'react';
import type { Service } from '@studio/shared/service';
import { RowActions } from '../../../components/row-actions.tsx';
import { useConfirmDelete } from '../../../components/use-confirm-delete.ts';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useDeleteService } from '../api/delete-service.ts';
import { useServices } from '../api/list-services.ts';
import { servicesText } from './catalogue-text.ts';
import { EditServiceForm } from './service-form.tsx';
import { SubServicesPanel } from './sub-services-panel.tsx';
import '../../../components/image-upload-field.css';
import '../../../components/staff-ui.css';
import './staff-catalogue.css';

/**
 * The service table (spec §2): every service with edit (optional new images), delete with
 * confirmation and the subservices dialog. The route answers the whole catalogue, so the table
 * sorts it in the browser.
 */
export function ServiceTable() {
  const services = useServices();
  const { notice, show, dismiss } = useTimedNotice();
  // Ids, not copies: the dialogs show the service as the latest read has it.
  const [editing, setEditing] = useState<string | null>(null);
  const [subServicesOf, setSubServicesOf] = useState<string | null>(null);
  const remove = useDeleteService();
  const confirmDelete = useConfirmDelete();
  const list = services.data ?? [];
  const editedService = list.find((service) => service.id === editing);
  const subServicesService = list.find((service) => service.id === subServicesOf);

  async function askDelete(service: Service) {
    const deleted = await confirmDelete({
      title: 'Delete this service?',
      message: 'Are you sure you want to delete this service?',
      action: () => remove.mutateAsync(service.id),
      failureText: 'Error deleting service',
    });
    if (deleted) show({ kind: 'success', text: 'Service deleted successfully!' });
  }

  const columns: DataColumn<Service>[] = [
    {
      id: 'image',
      header: 'Image',
      width: '9rem',
      cell: (service) => (
        <img className="image-thumb" src={service.afterImage} alt="" width={120} height={90} loading="lazy" />
      ),
    },
    { id: 'name', header: 'Name', rowHeader: true, sortValue: (service) => service.name, cell: (s) => s.name },
    {
      id: 'description',
      header: 'Description',
      cell: (service) => <span className="staff-clamp">{service.description}</span>,
    },
    {
      id: 'order',
      header: 'Order',
      align: 'end',
      width: '6rem',
      sortValue: (service) => service.order,
      cell: (service) => service.order,
    },
    {
      id: 'subservices',
      header: 'Subservices',
      align: 'end',
      width: '8rem',
      cell: (service) => service.subServices.length,
    },
    {
      id: 'actions',
      header: 'Actions',
      label: '',
      cell: (service) => (
        <RowActions
          actions={[
            { label: 'Edit', onClick: () => setEditing(service.id) },
            { label: 'Subservices', onClick: () => setSubServicesOf(service.id) },
            { label: 'Delete', tone: 'danger', onClick: () => void askDelete(service) },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="staff-stack">
      <Notice notice={notice} onDismiss={dismiss} />
      <QueryState query={services} {...servicesText}>
        {(rows) => <DataTable caption="Services" columns={columns} rows={rows} rowKey={(service) => service.id} />}
      </QueryState>
      {editedService && (
        <Dialog
          title={`Edit ${editedService.name}`}
          onClose={() => setEditing(null)}
          closeButton
          className="dialog--wide"
        >
          <EditServiceForm
            service={editedService}
            onCancel={() => setEditing(null)}
            onSaved={(message) => {
              setEditing(null);
              show({ kind: 'success', text: message });
            }}
          />
        </Dialog>
      )}
      {subServicesService && (
        <Dialog
          title={`Subservices of ${subServicesService.name}`}
          onClose={() => setSubServicesOf(null)}
          closeButton
          className="dialog--wide"
        >
          <SubServicesPanel service={subServicesService} services={list} />
        </Dialog>
      )}
    </div>
  );
}
