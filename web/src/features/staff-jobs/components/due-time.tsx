import type { Job } from '@studio/shared/job';
import { useDateFormat } from '../../../lib/studio-time-zone.tsx';
import { dueState } from '../../../lib/job-due.ts';
import { useNow } from '../../../lib/use-now.ts';

/**
 * A job's due time on a staff board (#17): when, and the time left or how long overdue. Overdue
 * is said in words ("Overdue", with a sign) as well as by colour.
 */
export function DueTime({ job }: { job: Pick<Job, 'status' | 'dueAt'> }) {
  const state = dueState(job, useNow());
  const { dateTime: formatDateTime } = useDateFormat();
  switch (state.kind) {
    case 'not-set':
      return <span className="staff-job__due">Set when paid</span>;
    case 'finished':
      return state.dueAt ? <time dateTime={state.dueAt}>{formatDateTime(state.dueAt)}</time> : <>—</>;
    case 'due':
      return (
        <span className="staff-job__due" data-due="due">
          <time dateTime={state.dueAt}>{formatDateTime(state.dueAt)}</time> ({state.text})
        </span>
      );
    case 'overdue':
      return (
        <span className="staff-job__due" data-due="overdue">
          <strong className="staff-job__overdue">
            <span aria-hidden="true">⚠ </span>Overdue
          </strong>{' '}
          <time dateTime={state.dueAt}>{formatDateTime(state.dueAt)}</time> ({state.text})
        </span>
      );
  }
}
