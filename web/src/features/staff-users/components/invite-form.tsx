import { inviteStaffBodySchema } from '@studio/shared/staff';
import { staffRoles } from '@studio/shared/platform';
import { Field, FormAlert, FormField } from '../../../components/form-field.tsx';
import type { NoticeState } from '../../../components/notice.tsx';
import { staffRoleLabels } from '../../../components/staff-layout.tsx';
import { refusalReason } from '../../../lib/api-error-text.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useInviteStaff } from '../api/invite-staff.ts';

/** Invite a staff member: e-mail, name and role, checked with the route's schema. */
export function InviteForm({ show }: { show: (notice: NoticeState) => void }) {
  const invite = useInviteStaff();
  const form = useSchemaForm({
    schema: inviteStaffBodySchema,
    initialValues: { email: '', username: '', role: 'EDITOR' },
    labels: { email: 'Email', username: 'Name', role: 'Role' },
  });
  return (
    <form
      className="staff-card form invite-form"
      noValidate
      aria-labelledby="invite-heading"
      onSubmit={form.handleSubmit(
        async (body) => {
          const { admin } = await invite.mutateAsync(body);
          show({ kind: 'success', text: `Invitation sent to ${admin.email}.` });
          // The next invitation is often for the same role.
          form.reset({ email: '', username: '', role: body.role });
        },
        { failureText: 'Failed to send the invitation.', errorOptions: refusalReason },
      )}
    >
      <h2 id="invite-heading">Invite a staff member</h2>
      <p className="form__hint">They get an e-mail with a temporary password and choose their own at first sign-in.</p>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <div className="invite-form__fields">
        <FormField label="Email" type="email" autoComplete="off" {...form.field('email')} />
        <FormField label="Name" autoComplete="off" {...form.field('username')} />
        <Field label="Role" error={form.errors.role}>
          {(control) => (
            <select {...control} {...form.control('role')}>
              {staffRoles.map((role) => (
                <option key={role} value={role}>
                  {staffRoleLabels[role]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <button type="submit" className="button button--primary" disabled={form.submitting}>
        {form.submitting ? 'Sending...' : 'Send invitation'}
      </button>
    </form>
  );
}
