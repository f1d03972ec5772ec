import { useMemo, type ReactNode } from 'react';
import type { StaffUser } from '@studio/shared/user';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import type { NoticeState } from '../../../components/notice.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { staffRoleLabels } from '../../../components/staff-layout.tsx';
import { apiErrorText, refusalReason } from '../../../lib/api-error-text.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useStaffSession } from '../../../lib/staff-session.ts';
import { useDeleteStaff } from '../api/delete-staff.ts';
import { useStaffMembers } from '../api/list-staff.ts';
import { useSetStaffStatus } from '../api/set-staff-status.ts';
import { InviteForm } from './invite-form.tsx';

type Show = (notice: NoticeState) => void;

const nameOf = (member: StaffUser) => member.username || member.email;

/** The staff table's columns; `you` marks the signed-in member, `actions` renders the last one. */
function staffColumns(you: string | undefined, actions: (member: StaffUser) => ReactNode): DataColumn<StaffUser>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      rowHeader: true,
      sortValue: nameOf,
      cell: (member) => `${nameOf(member)}${member.id === you ? ' (you)' : ''}`,
    },
    { id: 'email', header: 'Email', sortValue: (member) => member.email, cell: (member) => member.email },
    {
      id: 'role',
      header: 'Role',
      sortValue: (member) => staffRoleLabels[member.role],
      cell: (member) => staffRoleLabels[member.role],
    },
    { id: 'status', header: 'Status', cell: (member) => (member.status === 'ACTIVE' ? 'Active' : 'Disabled') },
    {
      id: 'since',
      header: 'Since',
      width: '8rem',
      sortValue: (member) => member.createdAt,
      cell: (member) => <time dateTime={member.createdAt}>{formatDate(member.createdAt)}</time>,
    },
    { id: 'actions', header: 'Actions', label: '', cell: actions },
  ];
}

/** Disable or enable (at once: it can be undone), and Delete after a confirmation. Not on oneself. */
function StaffActions({ member, show }: { member: StaffUser; show: Show }) {
  const setStatus = useSetStaffStatus();
  const remove = useDeleteStaff();
  const confirm = useConfirm();
  const label = nameOf(member);
  const disabling = member.status === 'ACTIVE';
  const busy = setStatus.isPending || remove.isPending;
  return (
    <div className="staff-users__actions">
      <button
        type="button"
        className="button button--secondary"
        disabled={busy}
        aria-label={`${disabling ? 'Disable' : 'Enable'} ${label}`}
        onClick={() =>
          setStatus.mutate(
            { id: member.id, status: disabling ? 'DISABLED' : 'ACTIVE' },
            {
              onSuccess: () =>
                show({ kind: 'success', text: disabling ? `${label} is disabled.` : `${label} is enabled.` }),
              onError: (cause) =>
                show({ kind: 'error', text: apiErrorText(cause, 'Failed to change the account.', refusalReason) }),
            },
          )
        }
      >
        {disabling ? 'Disable' : 'Enable'}
      </button>
      <button
        type="button"
        className="button button--danger"
        disabled={busy}
        aria-label={`Delete ${label}`}
        onClick={async () => {
          const deleted = await confirm({
            title: `Delete ${label}?`,
            message: `Delete the staff account of ${label}?`,
            confirmLabel: 'Yes, delete',
            tone: 'danger',
            action: () => remove.mutateAsync(member.id),
            failureText: 'Error deleting item.',
            busyLabel: 'Deleting...',
          });
          if (deleted) show({ kind: 'success', text: 'Staff account deleted.' });
        }}
      >
        Delete
      </button>
    </div>
  );
}

/** The Admins tab: the invitation form, then every staff account with its actions. */
export function StaffTab({ show }: { show: Show }) {
  const staff = useStaffMembers();
  const { user } = useStaffSession();
  const columns = useMemo(
    () => staffColumns(user?.id, (member) => member.id !== user?.id && <StaffActions member={member} show={show} />),
    [user?.id, show],
  );
  return (
    <>
      <InviteForm show={show} />
      <QueryState query={staff} loading="Loading staff..." empty="No staff accounts yet.">
        {(list) => <DataTable caption="Staff accounts" columns={columns} rows={list} rowKey={(member) => member.id} />}
      </QueryState>
    </>
  );
}
