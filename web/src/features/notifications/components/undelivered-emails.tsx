import type { UndeliveredEmail } from '@studio/shared/notifications';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useUndeliveredEmails } from '../api/list-undelivered-emails.ts';

const eventLabels: Record<UndeliveredEmail['event'], string> = {
  'job.created': 'New job',
  'job.paid': 'Job paid',
  'job.assigned': 'Job assigned',
  'job.delivered': 'Job delivered',
  'job.revisionRequested': 'Revision requested',
  'job.revisionCompleted': 'Revision completed',
  'job.approved': 'Job approved',
  'job.dueMoved': 'Due time moved',
  'job.overdue': 'Job overdue',
  'job.cancellationDecided': 'Cancellation decided',
  'lead.received': 'New lead',
  'application.received': 'New application',
  'staff.invited': 'Staff invitation',
  'account.signUpAttempt': 'Sign-up attempt',
  'job.cancellationRequested': 'Cancellation requested',
  'job.imagesDelivered': 'Images delivered',
  'job.paymentReturned': 'Payment returned',
  'job.refunded': 'Refund made',
  'organisation.invited': 'Invitation to an organisation',
  'job.cancelled': 'Job cancelled',
  'job.imagesReleased': 'Images released',
  'webhook.disabled': 'Webhook turned off',
};

const columns: DataColumn<UndeliveredEmail>[] = [
  { id: 'about', header: 'About', rowHeader: true, cell: (email) => email.subject },
  { id: 'event', header: 'E-mail', cell: (email) => eventLabels[email.event] },
  { id: 'to', header: 'Not delivered to', cell: (email) => email.recipients.join(', ') || '—' },
  { id: 'attempts', header: 'Tries', align: 'end', width: '5rem', cell: (email) => String(email.attempts) },
  { id: 'error', header: 'Last error', cell: (email) => email.lastError },
  {
    id: 'failed',
    header: 'Given up',
    width: '11rem',
    cell: (email) => <time dateTime={email.failedAt}>{formatDateTime(email.failedAt)}</time>,
  },
];

/**
 * E-mails the notifier gave up on after every retry (SES refused or was unreachable), so staff
 * know whom to contact another way. Managers and super-admins.
 */
export function UndeliveredEmails() {
  const emails = useUndeliveredEmails();
  return (
    <QueryState query={emails} loading="Loading undelivered e-mails..." empty="Every e-mail was delivered.">
      {(rows) => (
        <DataTable caption="E-mails not delivered" columns={columns} rows={rows} rowKey={(email) => email.id} />
      )}
    </QueryState>
  );
}
