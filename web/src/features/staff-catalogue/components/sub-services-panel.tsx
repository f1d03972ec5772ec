import { useState } from 'react';
import type { Service, SubService } from '@studio/shared/service';
import { RowActions } from '../../../components/row-actions.tsx';
import { useConfirmDelete } from '../../../components/use-confirm-delete.ts';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { useDeleteSubService } from '../api/delete-sub-service.ts';
import { pricesText } from './catalogue-text.ts';
import { SubServiceForm } from './sub-service-form.tsx';
import '../../../components/staff-ui.css';
import './staff-catalogue.css';

/** The subservices of one service (the service table's Subservices dialog): list, add, edit, delete. */
export function SubServicesPanel({ service, services }: { service: Service; services: readonly Service[] }) {
  const { notice, show, dismiss } = useTimedNotice();
  const [editing, setEditing] = useState<SubService | 'new' | null>(null);
  const remove = useDeleteSubService();
  const confirmDelete = useConfirmDelete();

  async function askDelete(sub: SubService) {
    const deleted = await confirmDelete({
      title: 'Delete this subservice?',
      message: 'Are you sure you want to delete this subservice?',
      action: () => remove.mutateAsync(sub.id),
      failureText: 'Error deleting item',
    });
    if (deleted) show({ kind: 'success', text: 'SubService deleted successfully' });
  }

  const columns: DataColumn<SubService>[] = [
    { id: 'name', header: 'Name', rowHeader: true, cell: (sub) => sub.name },
    { id: 'order', header: 'Order', align: 'end', width: '5rem', cell: (sub) => sub.order },
    { id: 'prices', header: 'Prices per photo', cell: (sub) => pricesText(sub.prices) },
    {
      id: 'actions',
      header: 'Actions',
      label: '',
      cell: (sub) => (
        <RowActions
          actions={[
            { label: 'Edit', onClick: () => setEditing(sub) },
            { label: 'Delete', tone: 'danger', onClick: () => void askDelete(sub) },
          ]}
        />
      ),
    },
  ];

  if (editing) {
    const saved = (message: string) => {
      setEditing(null);
      show({ kind: 'success', text: message });
    };
    return (
      <SubServiceForm
        key={editing === 'new' ? 'new' : editing.id}
        services={services}
        existing={editing === 'new' ? undefined : editing}
        fixedServiceId={service.id}
        onSaved={saved}
        onCancel={() => setEditing(null)}
      />
    );
  }
  return (
    <div className="staff-stack">
      <Notice notice={notice} onDismiss={dismiss} />
      {service.subServices.length === 0 ? (
        <p className="query-state">No subservices found</p>
      ) : (
        <DataTable
          caption={`Subservices of ${service.name}`}
          columns={columns}
          rows={service.subServices}
          rowKey={(sub) => sub.id}
        />
      )}
      <div>
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          Add Subservice
        </button>
      </div>
    </div>
  );
}
