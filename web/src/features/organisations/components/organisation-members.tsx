import { useState } from 'react';
import {
  organisationRoles,
  type Member,
  type MyOrganisation,
  type OrganisationRole,
} from '@studio/shared/organisation';
import { useNavigate } from 'react-router-dom';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { FormAlert } from '../../../components/form-field.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { paths } from '../../../config/paths.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useMembers } from '../api/list-members.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { useUpdateMember } from '../api/update-member.ts';
import { roleLabels } from './role-labels.ts';

/** The members: everyone reads them; an OWNER changes roles and removes; anyone may leave. */
export function OrganisationMembers({ organisation, myId }: { organisation: MyOrganisation; myId: string }) {
  const members = useMembers(organisation.id);
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const owner = organisation.role === 'OWNER';

  async function changeRole(member: Member, role: OrganisationRole) {
    setFailure(null);
    try {
      await update.mutateAsync({ organisationId: organisation.id, accountId: member.accountId, role });
    } catch (error) {
      setFailure(apiErrorText(error, `The role of ${member.name || member.email} could not be changed`));
    }
  }

  async function removeOrLeave(member: Member) {
    setFailure(null);
    const self = member.accountId === myId;
    const done = await confirm({
      title: self ? `Leave ${organisation.name}?` : `Remove ${member.name || member.email}?`,
      message: self
        ? 'You will no longer see this organisation or its jobs. An owner can invite you again.'
        : 'They will no longer see this organisation or its jobs. You can invite them again.',
      confirmLabel: self ? 'Yes, leave' : 'Yes, remove',
      tone: 'danger',
      failureText: self ? 'Could not leave the organisation' : 'Could not remove the member',
      action: () => remove.mutateAsync({ organisationId: organisation.id, accountId: member.accountId }),
    });
    if (done && self) void navigate(paths.organisation, { replace: true });
  }

  const columns: DataColumn<Member>[] = [
    {
      id: 'name',
      header: 'Name',
      rowHeader: true,
      cell: (m) => (m.accountId === myId ? `${m.name || m.email} (you)` : m.name || '—'),
    },
    { id: 'email', header: 'E-mail', cell: (m) => m.email },
    {
      id: 'role',
      header: 'Role',
      cell: (m) =>
        owner ? (
          <select
            aria-label={`Role of ${m.name || m.email}`}
            value={m.role}
            disabled={update.isPending}
            onChange={(event) => void changeRole(m, event.target.value as OrganisationRole)}
          >
            {organisationRoles.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </select>
        ) : (
          roleLabels[m.role]
        ),
    },
    { id: 'joined', header: 'Joined', cell: (m) => formatDate(m.joinedAt) },
    {
      id: 'actions',
      header: 'Actions',
      label: '',
      cell: (m) =>
        m.accountId === myId ? (
          <button type="button" className="button button--secondary" onClick={() => void removeOrLeave(m)}>
            Leave
          </button>
        ) : (
          owner && (
            <button
              type="button"
              className="button button--secondary"
              aria-label={`Remove ${m.name || m.email}`}
              onClick={() => void removeOrLeave(m)}
            >
              Remove
            </button>
          )
        ),
    },
  ];

  return (
    <>
      {failure && <FormAlert>{failure}</FormAlert>}
      <QueryState query={members} loading="Loading members..." empty="No members.">
        {(rows) => <DataTable caption="Members" columns={columns} rows={rows} rowKey={(m) => m.accountId} />}
      </QueryState>
    </>
  );
}
