import { Link } from '../../../components/app-link.tsx';
import type { Job } from '@studio/shared/job';
import { formatCents } from '@studio/shared/money';
import type { DataColumn } from '../../../components/data-table.tsx';
import { InvoiceButton } from '../../../components/invoice-button.tsx';
import { paths } from '../../../config/paths.ts';
import { StudioTime } from '../../../lib/studio-time-zone.tsx';
import { jobStatusLabel } from '../../../lib/job-status.ts';
import { paymentSummary } from '../../../lib/payment-status.ts';
import { getStaffInvoice } from '../api/get-invoice.ts';
import { DueTime } from './due-time.tsx';

/*
 * What staff see of a job, declared once as columns (`DataColumn`: a header, a cell), and the
 * columns each page shows, in order, at the end of this file. A job card lists them as
 * `label: value` lines (JobCard); the same columns would make a DataTable. To show something new
 * (the time left), declare its column here and add it to the pages
 * that should show it. A cell that returns `null` is left out of the card (e.g. no instructions).
 */

type JobColumn = DataColumn<Job>;

const link = (href: string, text: string) => (
  <a href={href} target="_blank" rel="noopener noreferrer">
    {text}
  </a>
);

/** The human job number (issue 15); jobs created before numbers existed show '—'. */
export const jobNumberColumn: JobColumn = {
  id: 'jobNumber',
  header: 'Job number',
  cell: (job) => job.jobNumber ?? '—',
};

export const statusColumn: JobColumn = {
  id: 'status',
  header: 'Status',
  cell: (job) => (
    <span className="staff-job__status" data-status={job.status}>
      {jobStatusLabel(job.status)}
    </span>
  ),
};

/**
 * A client's cancellation request waiting for a manager (#17): on every board, so nobody works on,
 * or assigns, a job that may be cancelled without knowing. Nothing once decided.
 */
export const cancellationColumn: JobColumn = {
  id: 'cancellation',
  header: 'Cancellation',
  cell: (job) =>
    job.cancellationRequest?.status === 'PENDING' && job.status !== 'CANCELLED' ? (
      <span className="staff-job__cancellation-flag">
        <strong>Client asked to cancel</strong> <StudioTime iso={job.cancellationRequest.requestedAt} /> (a manager
        decides on Edit Job)
      </span>
    ) : null,
};

/** When the job is due and the time left, or how long overdue (#17). */
export const dueColumn: JobColumn = {
  id: 'due',
  header: 'Due',
  cell: (job) => <DueTime job={job} />,
};

/** The turnaround ordered and the price's breakdown when there is one (#17). */
export const turnaroundColumn: JobColumn = {
  id: 'turnaround',
  header: 'Turnaround',
  cell: (job) => {
    if (!job.turnaround) return null;
    const parts = [`${job.turnaround.name}, ${job.turnaround.hours} h`];
    if (job.discountCents > 0) {
      parts.push(
        `${job.volumeTier?.discountPercent ?? 0} % volume discount -${formatCents(job.discountCents, job.currency)}`,
      );
    }
    if (job.rushSurchargeCents > 0) parts.push(`surcharge +${formatCents(job.rushSurchargeCents, job.currency)}`);
    return parts.join(' · ');
  },
};

/** The turnaround as the work needs it, without prices: the editor's boards. */
export const turnaroundWorkColumn: JobColumn = {
  id: 'turnaround',
  header: 'Turnaround',
  cell: (job) => (job.turnaround ? `${job.turnaround.name}, ${job.turnaround.hours} h` : null),
};

export const progressColumn: JobColumn = {
  id: 'progress',
  header: 'Progress',
  cell: (job) => (
    <>
      <progress max={100} value={job.progress} aria-label={`Progress ${job.progress}%`} /> {job.progress}%
    </>
  ),
};

export const photosColumn: JobColumn = {
  id: 'photos',
  header: 'Photos',
  align: 'end',
  cell: (job) => job.numberOfPhotos,
};

export const subServicesColumn: JobColumn = {
  id: 'subServices',
  header: 'Subservices',
  cell: (job) => job.subServices.map((sub) => sub.name).join(', ') || '—',
};

export const orderedColumn: JobColumn = {
  id: 'ordered',
  header: 'Ordered',
  cell: (job) => <StudioTime iso={job.createdAt} />,
};

/**
 * Who ordered: the name and e-mail copied onto the job when it was created (issue 15); a job
 * older than that shows the start of the account's id. An editor gets the name only (the server
 * sends no e-mail to editors, docs/access.md).
 */
export const clientColumn: JobColumn = {
  id: 'client',
  header: 'Client',
  cell: (job) =>
    job.client ? (
      <>
        {job.client.name}
        {job.client.email && (
          <>
            {' '}
            <a href={`mailto:${job.client.email}`}>{job.client.email}</a>
          </>
        )}
      </>
    ) : (
      <span className="staff-job__mono" title={job.clientId}>
        {job.clientId.slice(0, 8)}
      </span>
    ),
};

/** The editor's name; a job whose editor left shows the start of the id. */
export function editorColumn(editorName: (editorId: string) => string | undefined): JobColumn {
  return {
    id: 'editor',
    header: 'Editor',
    cell: (job) => (job.editorId ? (editorName(job.editorId) ?? job.editorId.slice(0, 8)) : 'Unassigned'),
  };
}

/**
 * The client's own link when they gave one, and the job's files page (`/job-files/{id}`: the
 * uploaded photos and the finished files, issue 15), with the count of finished files.
 */
export const filesColumn: JobColumn = {
  id: 'files',
  header: 'Files',
  cell: (job) => (
    <>
      {job.dropboxLink && <>{link(job.dropboxLink, 'Open client photos')} </>}
      <Link to={paths.jobFiles(job.id)} aria-label={`Files of ${job.jobNumber ?? job.serviceName}`}>
        {job.uploadId ? `Open the ${job.numberOfPhotos} uploaded photos` : 'Job files'}
      </Link>
      {job.deliverableCount > 0 && ` · ${job.deliverableCount} finished files`}
    </>
  ),
};

export const deliveryLinkColumn: JobColumn = {
  id: 'deliveryLink',
  header: 'Delivery link',
  cell: (job) => (job.editorDropboxLink ? link(job.editorDropboxLink, 'Open delivery') : '—'),
};

export const instructionsColumn: JobColumn = {
  id: 'instructions',
  header: 'Instructions',
  cell: (job) => (job.instructions ? <span className="staff-job__instructions">{job.instructions}</span> : null),
};

/** The payment (#16): its state, method and, once money moved, what arrived or went back. */
export const paymentColumn: JobColumn = {
  id: 'payment',
  header: 'Payment',
  cell: (job) => (
    <span className="staff-job__payment" data-payment={job.payment?.status ?? 'NONE'}>
      {paymentSummary(job)}
    </span>
  ),
};

/** What the job costs, in its currency (#16: what a payment must match). */
export const amountColumn: JobColumn = {
  id: 'amount',
  header: 'Amount',
  align: 'end',
  cell: (job) => formatCents(job.totalCents, job.currency),
};

/**
 * The invoice (#16): its number, and a download of the invoice (or the receipt once paid) where
 * the page's staff may read it (MANAGER, SUPER_ADMIN; an editor gets the number only). Jobs older
 * than invoices have none.
 */
export function invoiceColumn(download: boolean): JobColumn {
  return {
    id: 'invoice',
    header: 'Invoice',
    cell: (job) =>
      job.invoiceNumber ? (
        <>
          {job.invoiceNumber}
          {download && (
            <>
              {' '}
              <InvoiceButton job={job} fetchInvoice={getStaffInvoice} className="button button--light" />
            </>
          )}
        </>
      ) : null,
  };
}

/** The facts every page shows, before its own. */
const commonColumns = [
  jobNumberColumn,
  statusColumn,
  cancellationColumn,
  dueColumn,
  progressColumn,
  paymentColumn,
  amountColumn,
  turnaroundColumn,
  photosColumn,
  subServicesColumn,
  orderedColumn,
  clientColumn,
];
const linkColumns = [filesColumn, deliveryLinkColumn, instructionsColumn];

/** `/assign-job`: what a manager needs to choose an editor. */
export const assignPageColumns: readonly JobColumn[] = [...commonColumns, invoiceColumn(true), ...linkColumns];

/** `/edit-job`: also who works on the job. */
export const editPageColumns = (editorName: (editorId: string) => string | undefined): readonly JobColumn[] => [
  ...commonColumns,
  invoiceColumn(true),
  editorColumn(editorName),
  ...linkColumns,
];

/**
 * `/editor`: the editor's own jobs: what the work needs. Not the payment (the server sends an
 * editor none, docs/access.md), nor the price, the discount or the surcharge (#40: not the
 * editor's business), nor the invoice (its number only: editors may not read it).
 */
export const editorPageColumns: readonly JobColumn[] = [
  ...commonColumns
    .filter((column) => column !== paymentColumn && column !== amountColumn)
    .map((column) => (column === turnaroundColumn ? turnaroundWorkColumn : column)),
  invoiceColumn(false),
  ...linkColumns,
];
