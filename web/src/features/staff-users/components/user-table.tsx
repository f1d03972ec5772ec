import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { staffRoles, type StaffRole } from '@studio/shared/platform';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Notice, useTimedNotice, type NoticeState } from '../../../components/notice.tsx';
import { staffRoleLabels } from '../../../components/staff-layout.tsx';
import { apiErrorText, refusalReason } from '../../../lib/api-error-text.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { jobStatusLabel } from '../../../lib/job-status.ts';
import { paymentSummary } from '../../../lib/payment-status.ts';
import { InvoiceButton } from '../../../components/invoice-button.tsx';
import { formatCents } from '@studio/shared/money';
import { useStaffSession } from '../../../lib/staff-session.ts';
import {
  getJobInvoice,
  useClients,
  useDeleteClient,
  useDeleteStaff,
  useInviteStaff,
  useJobsOfUser,
  useSetStaffStatus,
  useStaffMembers,
} from '../api/staff-users.ts';
import '../../../components/form.css';
import './user-table.css';

type Tab = 'clients' | 'admins';
type Show = (notice: NoticeState) => void;

function JobsDialog({ user, onClose }: { user: { id: string; label: string }; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const jobs = useJobsOfUser(user.id);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
  }, []);
  return (
    <dialog ref={ref} className="user-jobs-dialog" aria-labelledby="user-jobs-heading" onClose={onClose}>
      <div className="user-jobs-dialog__head">
        <h2 id="user-jobs-heading">Jobs of {user.label}</h2>
        <button type="button" className="notice__close" aria-label="Close" onClick={() => ref.current?.close()}>
          ×
        </button>
      </div>
      {jobs.isPending && <p role="status">Loading...</p>}
      {jobs.isError && (
        <p className="form__alert" role="alert">
          Failed to fetch jobs
        </p>
      )}
      {jobs.data && jobs.data.length === 0 && <p className="staff-empty">No jobs for this user</p>}
      {jobs.data && jobs.data.length > 0 && (
        <div className="user-table__scroll">
          <table className="user-table">
            <thead>
              <tr>
                <th scope="col">Service</th>
                <th scope="col">Status</th>
                <th scope="col">Progress</th>
                <th scope="col">Photos</th>
                <th scope="col">Payment</th>
                <th scope="col">Amount</th>
                <th scope="col">Invoice</th>
                <th scope="col">Ordered</th>
              </tr>
            </thead>
            <tbody>
              {jobs.data.map((job) => (
                <tr key={job.id}>
                  <td data-label="Service">{job.serviceName}</td>
                  <td data-label="Status">{jobStatusLabel(job.status)}</td>
                  <td data-label="Progress">{job.progress}%</td>
                  <td data-label="Photos">{job.numberOfPhotos}</td>
                  <td data-label="Payment">{paymentSummary(job)}</td>
                  <td data-label="Amount">{formatCents(job.totalCents, job.currency)}</td>
                  <td data-label="Invoice">
                    {job.invoiceNumber ? (
                      <InvoiceButton job={job} fetchInvoice={getJobInvoice} className="button button--light" />
                    ) : (
                      '—'
                    )}
                  </td>
                  <td data-label="Ordered">{formatDate(job.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </dialog>
  );
}

function ClientsTab({ show }: { show: Show }) {
  const clients = useClients();
  const remove = useDeleteClient();
  const confirm = useConfirm();
  const [viewing, setViewing] = useState<{ id: string; label: string } | null>(null);
  if (clients.isPending) return <p role="status">Loading...</p>;
  if (clients.isError) {
    return (
      <p className="form__alert" role="alert">
        Failed to load data
      </p>
    );
  }
  if (clients.data.length === 0) return <p className="staff-empty">No clients yet.</p>;
  return (
    <>
      <div className="user-table__scroll">
        <table className="user-table">
          <caption className="visually-hidden">Client accounts</caption>
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Email</th>
              <th scope="col">Verified</th>
              <th scope="col">Joined</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {clients.data.map((client) => {
              const label = client.username || client.email;
              return (
                <tr key={client.id}>
                  <td data-label="Username">{label}</td>
                  <td data-label="Email">{client.email}</td>
                  <td data-label="Verified">{client.isVerified ? 'Yes' : 'No'}</td>
                  <td data-label="Joined">{formatDate(client.createdAt)}</td>
                  <td data-label="Actions">
                    <div className="user-table__actions">
                      <button
                        type="button"
                        className="button button--secondary"
                        onClick={() => setViewing({ id: client.id, label })}
                        aria-label={`View jobs of ${label}`}
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
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {viewing && <JobsDialog user={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}

function InviteForm({ show }: { show: Show }) {
  const invite = useInviteStaff();
  const [values, setValues] = useState<{ email: string; username: string; role: StaffRole }>({
    email: '',
    username: '',
    role: 'EDITOR',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    invite.mutate(
      { email: values.email.trim(), username: values.username.trim(), role: values.role },
      {
        onSuccess: ({ admin }) => {
          show({ kind: 'success', text: `Invitation sent to ${admin.email}.` });
          setValues({ email: '', username: '', role: values.role });
        },
        onError: (cause) => {
          const error = cause as { status?: number; issues?: { path: string; message: string }[] };
          if (error.status === 400 && error.issues?.length) {
            setErrors(Object.fromEntries(error.issues.map((i) => [i.path.replace(/^body\./, ''), i.message])));
          } else {
            show({ kind: 'error', text: apiErrorText(cause, 'Failed to send the invitation.', refusalReason) });
          }
        },
      },
    );
  }
  return (
    <form className="staff-card invite-form" onSubmit={submit} noValidate aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite a staff member</h2>
      <p className="form__hint">They get an e-mail with a temporary password and choose their own at first sign-in.</p>
      <div className="invite-form__fields">
        <FormField
          label="Email"
          name="email"
          type="email"
          required
          value={values.email}
          error={errors.email}
          onChange={(event) => setValues((v) => ({ ...v, email: event.target.value }))}
        />
        <FormField
          label="Name"
          name="username"
          required
          value={values.username}
          error={errors.username}
          onChange={(event) => setValues((v) => ({ ...v, username: event.target.value }))}
        />
        <div className="form__field">
          <label htmlFor="invite-role">Role</label>
          <select
            id="invite-role"
            value={values.role}
            onChange={(event) => setValues((v) => ({ ...v, role: event.target.value as StaffRole }))}
          >
            {staffRoles.map((role) => (
              <option key={role} value={role}>
                {staffRoleLabels[role]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button type="submit" className="button button--primary" disabled={invite.isPending}>
        {invite.isPending ? 'Sending...' : 'Send invitation'}
      </button>
    </form>
  );
}

function AdminsTab({ show }: { show: Show }) {
  const staff = useStaffMembers();
  const setStatus = useSetStaffStatus();
  const remove = useDeleteStaff();
  const confirm = useConfirm();
  const { user } = useStaffSession();
  const busy = setStatus.isPending || remove.isPending;
  return (
    <>
      <InviteForm show={show} />
      {staff.isPending && <p role="status">Loading...</p>}
      {staff.isError && (
        <p className="form__alert" role="alert">
          Failed to load data
        </p>
      )}
      {staff.data && (
        <div className="user-table__scroll">
          <table className="user-table">
            <caption className="visually-hidden">Staff accounts</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Since</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {staff.data.map((member) => {
                const self = member.id === user?.id;
                const label = member.username || member.email;
                const next = member.status === 'ACTIVE' ? 'DISABLED' : 'ACTIVE';
                return (
                  <tr key={member.id}>
                    <td data-label="Name">
                      {label}
                      {self && ' (you)'}
                    </td>
                    <td data-label="Email">{member.email}</td>
                    <td data-label="Role">{staffRoleLabels[member.role]}</td>
                    <td data-label="Status">{member.status === 'ACTIVE' ? 'Active' : 'Disabled'}</td>
                    <td data-label="Since">{formatDate(member.createdAt)}</td>
                    <td data-label="Actions">
                      <div className="user-table__actions">
                        {!self && (
                          <>
                            <button
                              type="button"
                              className="button button--secondary"
                              disabled={busy}
                              aria-label={`${next === 'DISABLED' ? 'Disable' : 'Enable'} ${label}`}
                              onClick={() =>
                                setStatus.mutate(
                                  { id: member.id, status: next },
                                  {
                                    onSuccess: () =>
                                      show({
                                        kind: 'success',
                                        text: next === 'DISABLED' ? `${label} is disabled.` : `${label} is enabled.`,
                                      }),
                                    onError: (cause) =>
                                      show({
                                        kind: 'error',
                                        text: apiErrorText(cause, 'Failed to change the account.', refusalReason),
                                      }),
                                  },
                                )
                              }
                            >
                              {next === 'DISABLED' ? 'Disable' : 'Enable'}
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
                          </>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** The users/admins table (spec §2): Clients and Admins tabs, view-jobs modal, delete; invitations. */
export function UserTable() {
  const [tab, setTab] = useState<Tab>('clients');
  const { notice, show, dismiss } = useTimedNotice();
  const tabs: { id: Tab; label: string }[] = [
    { id: 'clients', label: 'Clients' },
    { id: 'admins', label: 'Admins' },
  ];
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next: Tab = tab === 'clients' ? 'admins' : 'clients';
    setTab(next);
    document.getElementById(`tab-${next}`)?.focus();
  }
  return (
    <>
      <Notice notice={notice} onDismiss={dismiss} />
      <div className="user-tabs" role="tablist" aria-label="Accounts">
        {tabs.map((item) => (
          <button
            key={item.id}
            id={`tab-${item.id}`}
            type="button"
            role="tab"
            aria-selected={tab === item.id}
            aria-controls={`panel-${item.id}`}
            tabIndex={tab === item.id ? 0 : -1}
            className="user-tabs__tab"
            onClick={() => setTab(item.id)}
            onKeyDown={onKeyDown}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} className="user-tabs__panel">
        {tab === 'clients' ? <ClientsTab show={show} /> : <AdminsTab show={show} />}
      </div>
    </>
  );
}
