import type { Job } from '@studio/shared/job';
import { formatCents } from '@studio/shared/money';
import { formatDate } from '../../../lib/format-date.ts';
import { jobStatusLabel } from '../../../lib/job-status.ts';
import { paymentLabel } from '../../../lib/payment-status.ts';
import './jobs.css';

/** What is being paid for: the job's service, subservices at their stored prices, photos and total. */
export function JobSummary({ job }: { job: Job }) {
  return (
    <section className="job-summary" aria-labelledby="job-summary-heading">
      <h2 id="job-summary-heading">Your order: {job.serviceName}</h2>
      <ul>
        {job.subServices.map((subService) => (
          <li key={subService.id}>
            {subService.name}: {formatCents(subService.unitPriceCents, job.currency)} per photo
          </li>
        ))}
      </ul>
      <dl className="job-facts">
        <dt>Photos</dt>
        <dd>{job.numberOfPhotos}</dd>
        <dt>Total</dt>
        <dd>
          <strong>{formatCents(job.totalCents, job.currency)}</strong>
        </dd>
        <dt>Status</dt>
        <dd>{jobStatusLabel(job.status)}</dd>
        <dt>Payment</dt>
        <dd>{paymentLabel(job)}</dd>
        <dt>Created</dt>
        <dd>{formatDate(job.createdAt)}</dd>
        {job.invoiceNumber && (
          <>
            <dt>Invoice</dt>
            <dd>{job.invoiceNumber}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
