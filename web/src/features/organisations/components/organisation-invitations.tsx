import { useState } from 'react';
import {
  createInvitationBodySchema,
  organisationRoles,
  type Invitation,
  type MyOrganisation,
} from '@studio/shared/organisation';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { Field, FormAlert, FormField } from '../../../components/form-field.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { SaveRow } from '../../../components/saved-status.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateInvitation } from '../api/create-invitation.ts';
import { useInvitations } from '../api/list-invitations.ts';
import { useRevokeInvitation } from '../api/revoke-invitation.ts';
import { roleHints, roleLabels } from './role-labels.ts';

/** An OWNER's invitations: invite an e-mail with a role, and the pending ones with Revoke. */
export function OrganisationInvitations({ organisation }: { organisation: MyOrganisation }) {
  const invitations = useInvitations(organisation.id, organisation.role === 'OWNER');
  const revoke = useRevokeInvitation();
  const confirm = useConfirm();
  const columns: DataColumn<Invitation>[] = [
    { id: 'email', header: 'E-mail', rowHeader: true, cell: (i) => i.email },
    { id: 'role', header: 'Role', cell: (i) => roleLabels[i.role] },
    { id: 'by', header: 'Invited by', cell: (i) => i.invitedBy.name || '—' },
    { id: 'expires', header: 'Expires', cell: (i) => formatDateTime(i.expiresAt) },
    {
      id: 'actions',
      header: 'Actions',
      label: '',
      cell: (i) => (
        <button
          type="button"
          className="button button--secondary"
          aria-label={`Revoke the invitation of ${i.email}`}
          onClick={() =>
            void confirm({
              title: `Revoke the invitation of ${i.email}?`,
              message: 'Its link will no longer work. You can invite them again.',
              confirmLabel: 'Yes, revoke',
              tone: 'danger',
              failureText: 'Could not revoke the invitation',
              action: () => revoke.mutateAsync({ organisationId: organisation.id, invitationId: i.id }),
            })
          }
        >
          Revoke
        </button>
      ),
    },
  ];
  return (
    <>
      <InviteForm organisationId={organisation.id} />
      <h3>Pending invitations</h3>
      <QueryState query={invitations} loading="Loading invitations..." empty="No pending invitations.">
        {(rows) => <DataTable caption="Pending invitations" columns={columns} rows={rows} rowKey={(i) => i.id} />}
      </QueryState>
    </>
  );
}

function InviteForm({ organisationId }: { organisationId: string }) {
  const create = useCreateInvitation();
  const [sent, setSent] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: createInvitationBodySchema,
    initialValues: { email: '', role: 'BUYER' },
    labels: { email: 'E-mail', role: 'Role' },
  });
  return (
    <form
      className="form organisation__invite"
      noValidate
      aria-label="Invite someone"
      onChange={() => setSent(null)}
      onSubmit={form.handleSubmit(
        async (body) => {
          const invitation = await create.mutateAsync({ organisationId, body });
          form.reset({ email: '', role: form.values.role });
          setSent(`Invitation sent to ${invitation.email}.`);
        },
        { failureText: 'The invitation could not be sent' },
      )}
    >
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <FormField label="E-mail *" type="email" autoComplete="off" {...form.field('email')} />
      <Field label="Role *" hint={roleHints[form.values.role as keyof typeof roleHints]} error={form.errors.role}>
        {(control) => (
          <select {...control} {...form.control('role')}>
            {organisationRoles.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <SaveRow label="Send invitation" busyLabel="Sending..." busy={form.submitting} savedText={sent} />
    </form>
  );
}
