import type { Job } from '@studio/shared/job';
import { formatCents } from '@studio/shared/money';
import { InvoiceButton } from '../../../components/invoice-button.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { jobStatusLabel } from '../../../lib/job-status.ts';
import { paymentSummary } from '../../../lib/payment-status.ts';
import { getStaffInvoice } from '../api/get-invoice.ts';

/**
 * The facts of a job staff need: service, status and progress, payment and amount (#16), photos,
 * links, instructions. `invoice`: a link to the invoice (MANAGER and SUPER_ADMIN pages; editors
 * may not read invoices).
 */
export function StaffJobDetails({
  job,
  editorName,
  invoice = false,
}: {
  job: Job;
  editorName?: string;
  invoice?: boolean;
}) {
  return (
    <dl className="staff-job__facts">
      <dt>Status</dt>
      <dd>
        <span className="staff-job__status" data-status={job.status}>
          {jobStatusLabel(job.status)}
        </span>
      </dd>
      <dt>Progress</dt>
      <dd>
        <progress max={100} value={job.progress} aria-label={`Progress ${job.progress}%`} /> {job.progress}%
      </dd>
      <dt>Payment</dt>
      <dd>
        <span className="staff-job__payment" data-payment={job.payment?.status ?? 'NONE'}>
          {paymentSummary(job)}
        </span>
      </dd>
      <dt>Amount</dt>
      <dd>{formatCents(job.totalCents, job.currency)}</dd>
      {job.invoiceNumber && (
        <>
          <dt>Invoice</dt>
          <dd>
            {job.invoiceNumber}
            {invoice && (
              <>
                {' '}
                <InvoiceButton job={job} fetchInvoice={getStaffInvoice} className="button button--light" />
              </>
            )}
          </dd>
        </>
      )}
      <dt>Photos</dt>
      <dd>{job.numberOfPhotos}</dd>
      <dt>Subservices</dt>
      <dd>{job.subServices.map((sub) => sub.name).join(', ') || '—'}</dd>
      <dt>Ordered</dt>
      <dd>
        <time dateTime={job.createdAt}>{formatDate(job.createdAt)}</time>
      </dd>
      <dt>Client</dt>
      <dd className="staff-job__mono" title={job.clientId}>
        {job.clientId.slice(0, 8)}
      </dd>
      {editorName !== undefined && (
        <>
          <dt>Editor</dt>
          <dd>{editorName}</dd>
        </>
      )}
      <dt>Photos link</dt>
      <dd>
        {job.dropboxLink ? (
          <a href={job.dropboxLink} target="_blank" rel="noopener noreferrer">
            Open client photos
          </a>
        ) : job.uploadId ? (
          'Uploaded to the studio'
        ) : (
          '—'
        )}
      </dd>
      <dt>Delivery link</dt>
      <dd>
        {job.editorDropboxLink ? (
          <a href={job.editorDropboxLink} target="_blank" rel="noopener noreferrer">
            Open delivery
          </a>
        ) : (
          '—'
        )}
      </dd>
      {job.instructions && (
        <>
          <dt>Instructions</dt>
          <dd className="staff-job__instructions">{job.instructions}</dd>
        </>
      )}
    </dl>
  );
}
