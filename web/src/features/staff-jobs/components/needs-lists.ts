import { unpaidAfterDays, type JobNeedsKey } from '@studio/shared/studio-overview';

/** The heading of the job list of one count (`/edit-job?needs=`). */
export const needsListTitles: Record<JobNeedsKey, { title: string; explanation: string }> = {
  overdue: { title: 'Overdue jobs', explanation: 'Due before now and still open, the most overdue first.' },
  dueToday: { title: 'Jobs due today', explanation: 'Due from now to midnight and still open, the soonest first.' },
  unassigned: { title: 'Unassigned jobs', explanation: 'Open jobs with no editor, newest first.' },
  cancellationRequests: {
    title: 'Cancellation requests',
    explanation: 'Jobs whose client asked to cancel, waiting for a decision, newest first.',
  },
  unpaid: {
    title: 'Unpaid jobs',
    explanation: `Neither paid nor cancelled ${unpaidAfterDays} days after the order, oldest first.`,
  },
};
