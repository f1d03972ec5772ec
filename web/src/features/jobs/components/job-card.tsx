import { Link } from 'react-router-dom';
import type { Job } from '@studio/shared/job';
import { formatCents } from '@studio/shared/money';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { jobStatusLabel } from '../../../lib/job-status.ts';

export function paymentLabel(job: Pick<Job, 'payment'>): string {
  if (!job.payment) return 'Not paid';
  return { PENDING: 'Payment pending', PAID: 'Paid', FAILED: 'Payment failed' }[job.payment.status];
}

/** One job on 'Your Jobs': service, status (with percent while in progress), payment, total, date, Pay Now. */
export function JobCard({ job }: { job: Job }) {
  const headingId = `job-${job.id}`;
  return (
    <article className="job-card" aria-labelledby={headingId}>
      <h3 id={headingId}>{job.serviceName}</h3>
      <dl>
        <dt>Status</dt>
        <dd>{jobStatusLabel(job.status)}</dd>
        <dt>Progress</dt>
        <dd className="job-card__progress">
          <progress className="job-card__bar" max={100} value={job.progress} aria-label={`Progress ${job.progress}%`} />{' '}
          {job.progress}%
        </dd>
        <dt>Payment</dt>
        <dd>{paymentLabel(job)}</dd>
        <dt>Total</dt>
        <dd>{formatCents(job.totalCents, job.currency)}</dd>
        <dt>Photos</dt>
        <dd>{job.numberOfPhotos}</dd>
        <dt>Created</dt>
        <dd>
          <time dateTime={job.createdAt}>{formatDate(job.createdAt)}</time>
        </dd>
        {/* The editor's delivery link (an http(s) URL, checked by the server) once the job is done. */}
        {job.status === 'COMPLETED' && job.editorDropboxLink && (
          <>
            <dt>Delivery</dt>
            <dd>
              <a href={job.editorDropboxLink} target="_blank" rel="noopener noreferrer">
                Download your edited photos
              </a>
            </dd>
          </>
        )}
      </dl>
      {/* A cancelled job cannot be paid (the server answers 409). */}
      {job.payment === null && job.status !== 'CANCELLED' && (
        <Link
          className="button button--primary"
          to={paths.payment(job.id)}
          aria-label={`Pay Now for ${job.serviceName}`}
        >
          Pay Now
        </Link>
      )}
    </article>
  );
}

/** Spec §2: Ongoing (PENDING, IN_PROGRESS), Completed, Previous (CANCELLED); newest first in each. */
export function groupJobs(jobs: readonly Job[]) {
  const newestFirst = [...jobs].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return {
    ongoing: newestFirst.filter((job) => job.status === 'PENDING' || job.status === 'IN_PROGRESS'),
    completed: newestFirst.filter((job) => job.status === 'COMPLETED'),
    previous: newestFirst.filter((job) => job.status === 'CANCELLED'),
  };
}
