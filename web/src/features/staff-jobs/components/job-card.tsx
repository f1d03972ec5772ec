import { Fragment, type ReactNode } from 'react';
import type { Job } from '@studio/shared/job';
import type { DataColumn } from '../../../components/data-table.tsx';
import { byDueTime } from '../../../lib/job-due.ts';
import './staff-jobs.css';

/**
 * One job as a card of a list (`JobCardList`): the service as its heading, then each column as a
 * `label: value` line, then the page's own controls (`children`: assign, progress, cancel).
 */
export function JobCard({
  job,
  columns,
  idPrefix,
  children,
}: {
  job: Job;
  columns: readonly DataColumn<Job>[];
  /** Makes the heading's id unique on the page: `${idPrefix}-${job.id}`. */
  idPrefix: string;
  children?: ReactNode;
}) {
  const headingId = `${idPrefix}-${job.id}`;
  return (
    <li className="staff-card staff-job" aria-labelledby={headingId}>
      <h2 id={headingId}>{job.serviceName}</h2>
      <dl className="staff-job__facts">
        {columns.map((column) => {
          const value = column.cell(job);
          if (value === null) return null;
          return (
            <Fragment key={column.id}>
              <dt>{column.label ?? column.header}</dt>
              <dd>{value}</dd>
            </Fragment>
          );
        })}
      </dl>
      {children}
    </li>
  );
}

/**
 * The cards of a page's jobs, as a list named `label` for screen readers, by due time (#17): the
 * most overdue first, then the soonest due, then jobs not yet due (unpaid), then finished ones.
 * A board lists the jobs it has loaded so far in this order ("Load more" brings older ones in).
 */
export function JobCardList({
  label,
  jobs,
  children,
}: {
  label: string;
  jobs: readonly Job[];
  /** One card per job, usually a `JobCard` with the page's controls. */
  children: (job: Job) => ReactNode;
}) {
  return (
    <ul className="staff-jobs" aria-label={label}>
      {byDueTime(jobs).map((job) => children(job))}
    </ul>
  );
}
