import { useMemo, useState, type ReactNode } from 'react';
import type { ClientUser } from '@studio/shared/user';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import type { NoticeState } from '../../../components/notice.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { useDeleteClient } from '../api/delete-client.ts';
import { useClients } from '../api/list-clients.ts';
import { UserJobsDialog, type Viewed } from './user-jobs-dialog.tsx';

type Show = (notice: NoticeState) => void;

const nameOf = (client: ClientUser) => client.username || client.email;

/** The clients table's columns; `actions` renders the last one. The list is loaded whole, so it sorts. */
function clientColumns(actions: (client: ClientUser) => ReactNode): DataColumn<ClientUser>[] {
  return [
    { id: 'username', header: 'Username', rowHeader: true, sortValue: nameOf, cell: nameOf },
    { id: 'email', header: 'Email', sortValue: (client) => client.email, cell: (client) => client.email },
    { id: 'verified', header: 'Verified', width: '6rem', cell: (client) => (client.isVerified ? 'Yes' : 'No') },
    {
      id: 'joined',
      header: 'Joined',
      width: '8rem',
      sortValue: (client) => client.createdAt,
      cell: (client) => <time dateTime={client.createdAt}>{formatDate(client.createdAt)}</time>,
    },
    { id: 'actions', header: 'Actions', label: '', cell: actions },
  ];
}

/** View jobs, and Delete after a confirmation. */
function ClientActions({ client, onView, show }: { client: ClientUser; onView: (viewed: Viewed) => void; show: Show }) {
  const remove = useDeleteClient();
  const confirm = useConfirm();
  const label = nameOf(client);
  return (
    <div className="staff-users__actions">
      <button
        type="button"
        className="button button--secondary"
        aria-label={`View jobs of ${label}`}
        onClick={() => onView({ id: client.id, label })}
      >
        View jobs
      </button>
      <button
        type="button"
        className="button button--danger"
        disabled={remove.isPending}
        aria-label={`Delete ${label}`}
        onClick={async () => {
          const deleted = await confirm({
            title: `Delete ${label}?`,
            message: `Delete the account of ${label}? Their past jobs are kept.`,
            confirmLabel: 'Yes, delete',
            tone: 'danger',
            action: () => remove.mutateAsync(client.id),
            failureText: 'Error deleting item.',
            busyLabel: 'Deleting...',
          });
          if (deleted) show({ kind: 'success', text: 'User deleted successfully' });
        }}
      >
        Delete
      </button>
    </div>
  );
}

/** The Clients tab: every client account, its jobs in a dialog, deletion. */
export function ClientsTab({ show }: { show: Show }) {
  const clients = useClients();
  const [viewing, setViewing] = useState<Viewed | null>(null);
  const columns = useMemo(
    () => clientColumns((client) => <ClientActions client={client} onView={setViewing} show={show} />),
    [show],
  );
  return (
    <>
      <QueryState query={clients} loading="Loading clients..." empty="No clients yet.">
        {(list) => <DataTable caption="Client accounts" columns={columns} rows={list} rowKey={(client) => client.id} />}
      </QueryState>
      {viewing && <UserJobsDialog user={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
