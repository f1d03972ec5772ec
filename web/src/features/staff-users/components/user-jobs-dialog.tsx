import type { Job } from '@studio/shared/job';
import { formatCents } from '@studio/shared/money';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { InvoiceButton } from '../../../components/invoice-button.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { jobStatusLabel } from '../../../lib/job-status.ts';
import { paymentSummary } from '../../../lib/payment-status.ts';
import { getJobInvoice } from '../api/get-job-invoice.ts';
import { useUserJobs } from '../api/list-user-jobs.ts';

/** The client whose jobs are shown: id and the name the table shows. */
export interface Viewed {
  id: string;
  label: string;
}

const jobColumns: DataColumn<Job>[] = [
  { id: 'service', header: 'Service', rowHeader: true, cell: (job) => job.serviceName },
  { id: 'status', header: 'Status', cell: (job) => jobStatusLabel(job.status) },
  { id: 'progress', header: 'Progress', align: 'end', cell: (job) => `${job.progress}%` },
  { id: 'photos', header: 'Photos', align: 'end', cell: (job) => job.numberOfPhotos },
  { id: 'total', header: 'Total', align: 'end', cell: (job) => formatCents(job.totalCents, job.currency) },
  // The payment's state, method and what arrived, and the invoice or receipt (#16).
  { id: 'payment', header: 'Payment', cell: (job) => paymentSummary(job) },
  {
    id: 'invoice',
    header: 'Invoice',
    cell: (job) =>
      job.invoiceNumber ? (
        <InvoiceButton job={job} fetchInvoice={getJobInvoice} className="button button--light" />
      ) : (
        '—'
      ),
  },
  {
    id: 'ordered',
    header: 'Ordered',
    cell: (job) => <time dateTime={job.createdAt}>{formatDate(job.createdAt)}</time>,
  },
];

/** The view-jobs modal (spec §2): one client's jobs, closed by ×, Escape or the backdrop. */
export function UserJobsDialog({ user, onClose }: { user: Viewed; onClose: () => void }) {
  const jobs = useUserJobs(user.id);
  const title = `Jobs of ${user.label}`;
  return (
    <Dialog title={title} onClose={onClose} closeButton className="dialog--wide">
      <QueryState query={jobs} loading="Loading jobs..." error="Failed to fetch jobs" empty="No jobs for this user">
        {(list) => <DataTable caption={title} columns={jobColumns} rows={list} rowKey={(job) => job.id} />}
      </QueryState>
    </Dialog>
  );
}
