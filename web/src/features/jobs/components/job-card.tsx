import type { ReactNode } from 'react';
import { revisionName } from '@studio/shared/job-lifecycle';
import { Link } from '../../../components/app-link.tsx';
import type { Job } from '@studio/shared/job';
import { formatCents } from '@studio/shared/money';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatDateTime } from '../../../lib/format-date.ts';
import { dueState } from '../../../lib/job-due.ts';
import { useNow } from '../../../lib/use-now.ts';
import { jobStatusLabel } from '../../../lib/job-status.ts';
import { paymentLabel } from '../../../lib/payment-status.ts';
import { mayStillPay } from '@studio/shared/payment';
import { InvoiceButton } from '../../../components/invoice-button.tsx';
import { getInvoice } from '../api/get-invoice.ts';
import { JobActions } from './job-actions.tsx';
import { allJobPermissions, withOrganisation, type JobPermissions } from './organisation-picker.tsx';

/**
 * The job's deadline as its client reads it (#17): when the studio owes the work and the time left
 * (or how late it is, said plainly); before payment, how long after payment it will be. Nothing
 * once the work is delivered or the job cancelled.
 */
function Deadline({ job }: { job: Job }) {
  const state = dueState(job, useNow());
  if (state.kind === 'finished') return null;
  if (state.kind === 'not-set' && !job.turnaround) return null;
  return (
    <>
      <dt>Deadline</dt>
      <dd className="job-card__deadline" data-due={state.kind}>
        {state.kind === 'not-set' ? (
          `${job.turnaround!.hours} h after payment (${job.turnaround!.name})`
        ) : (
          <>
            <time dateTime={state.dueAt}>{formatDateTime(state.dueAt)}</time> ({state.text})
          </>
        )}
      </dd>
    </>
  );
}

/**
 * One job on 'Your Jobs': its number, service and subservices, status (with percent while in
 * progress), deadline, payment, photos, instructions, total, date, Pay Now; `children` is what the page adds
 * (the finished files).
 */
export function JobCard({
  job,
  children,
  onJobPage = false,
  may = allJobPermissions,
  organisationName,
  organisationId,
}: {
  job: Job;
  children?: ReactNode;
  /** On the job's own page: no link to it. */
  onJobPage?: boolean;
  /** What the client's role in the job's organisation lets it do (#35); by default everything. */
  may?: JobPermissions;
  /** The name of the job's organisation, shown when the client belongs to more than one. */
  organisationName?: string;
  /** The organisation picked in the portal, kept on the link to the job's page. */
  organisationId?: string;
}) {
  const headingId = `job-${job.id}`;
  const round = job.round ?? 1;
  const delivered = job.status === 'DELIVERED' || job.status === 'COMPLETED';
  return (
    <article className="job-card" aria-labelledby={headingId}>
      {onJobPage ? <h2 id={headingId}>{job.serviceName}</h2> : <h3 id={headingId}>{job.serviceName}</h3>}
      {job.jobNumber && <p className="job-card__number">Job {job.jobNumber}</p>}
      <dl>
        {organisationName && (
          <>
            <dt>Organisation</dt>
            <dd>{organisationName}</dd>
          </>
        )}
        <dt>Subservices</dt>
        <dd>{job.subServices.map((sub) => sub.name).join(', ')}</dd>
        <dt>Status</dt>
        <dd>
          {jobStatusLabel(job.status)}
          {round > 1 && ` (${revisionName(round)?.toLowerCase()})`}
        </dd>
        <dt>Progress</dt>
        <dd className="job-card__progress">
          <progress className="job-card__bar" max={100} value={job.progress} aria-label={`Progress ${job.progress}%`} />{' '}
          {job.progress}%
        </dd>
        <Deadline job={job} />
        <dt>Payment</dt>
        <dd>{paymentLabel(job)}</dd>
        <dt>Total</dt>
        <dd>{formatCents(job.totalCents, job.currency)}</dd>
        <dt>Photos</dt>
        <dd>{job.numberOfPhotos}</dd>
        {job.instructions && (
          <>
            <dt>Instructions</dt>
            <dd className="job-card__instructions">{job.instructions}</dd>
          </>
        )}
        <dt>Created</dt>
        <dd>
          <time dateTime={job.createdAt}>{formatDate(job.createdAt)}</time>
        </dd>
        {/* The editor's delivery link (an http(s) URL, checked by the server) once delivered (#17). */}
        {delivered && job.editorDropboxLink && (
          <>
            <dt>Delivery</dt>
            <dd>
              <a href={job.editorDropboxLink} target="_blank" rel="noopener noreferrer">
                Download your edited photos
              </a>
            </dd>
          </>
        )}
        {/*
         * Delivered by a link alone, which the server keeps from the client until the work is
         * released (#32). Finished files say the same in their own section.
         */}
        {delivered && !job.editorDropboxLink && job.deliverableCount === 0 && mayStillPay(job) && (
          <>
            <dt>Delivery</dt>
            <dd>Your edited photos are ready: they are released once the job is paid.</dd>
          </>
        )}
      </dl>
      {/* What the client can do comes before the job's files: a phone reaches Approve without scrolling past them. */}
      <JobActions job={job} may={may} />
      {!onJobPage && (
        <p>
          <Link
            to={withOrganisation(paths.clientJob(job.id), organisationId)}
            aria-label={`Job page and timeline of ${job.jobNumber ?? job.serviceName}`}
          >
            Job page and timeline
          </Link>
        </p>
      )}
      {/* Pay Now while there is something to pay (a cancelled job cannot be paid: the server answers 409). */}
      {may.order && mayStillPay(job) && (
        <Link
          className="button button--primary"
          to={paths.payment(job.id)}
          aria-label={`Pay Now for ${job.serviceName}`}
        >
          Pay Now
        </Link>
      )}
      <InvoiceButton job={job} fetchInvoice={getInvoice} />
      {children}
    </article>
  );
}

/**
 * Spec §2: Ongoing, Completed, Previous (CANCELLED); newest first in each. Ongoing is everything
 * not finished (#17): the studio's work, a delivery waiting for the client's answer, a revision.
 */
export function groupJobs(jobs: readonly Job[]) {
  const newestFirst = [...jobs].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return {
    ongoing: newestFirst.filter((job) => job.status !== 'COMPLETED' && job.status !== 'CANCELLED'),
    completed: newestFirst.filter((job) => job.status === 'COMPLETED'),
    previous: newestFirst.filter((job) => job.status === 'CANCELLED'),
  };
}
