import type { StaffRole } from '@studio/shared/platform';
import { paths } from '../../../config/paths.ts';
import { newWithinDays, unpaidAfterDays, type JobNeedsKey, type NeedsActionKey } from '@studio/shared/studio-overview';

/** What one tile of "Needs action" says, and where it leads. */
export interface NeedsTile {
  key: NeedsActionKey;
  label: string;
  /** One line: what the number counts. */
  explanation: string;
  /** The list behind the number; absent for a role that cannot open it (the count still shows). */
  path: (role: StaffRole) => string | null;
}

/** `/edit-job?needs=<key>`: the job list of one count (Back returns to the dashboard). */
const needsListPath = (key: JobNeedsKey) => paths.editJobNeeds(key);

const ownerOnly = (path: string) => (role: StaffRole) => (role === 'SUPER_ADMIN' ? path : null);

/** The tiles in reading order: the studio's late and urgent work first, then people waiting. */
export const needsTiles: readonly NeedsTile[] = [
  {
    key: 'overdue',
    label: 'Overdue',
    explanation: 'Due before now, still open.',
    path: () => needsListPath('overdue'),
  },
  {
    key: 'dueToday',
    label: 'Due today',
    explanation: 'Due from now to midnight, still open.',
    path: () => needsListPath('dueToday'),
  },
  { key: 'waitingForQc', label: 'Waiting for QC', explanation: 'Delivered images to check.', path: () => '/qc' },
  {
    key: 'unassigned',
    label: 'Unassigned',
    explanation: 'Open jobs with no editor.',
    path: () => needsListPath('unassigned'),
  },
  {
    key: 'cancellationRequests',
    label: 'Cancellation requests',
    explanation: 'Clients waiting for a decision.',
    path: () => needsListPath('cancellationRequests'),
  },
  {
    key: 'unpaid',
    label: 'Unpaid',
    explanation: `Not paid ${unpaidAfterDays} days after the order.`,
    path: () => needsListPath('unpaid'),
  },
  {
    key: 'newLeads',
    label: 'New leads',
    explanation: `Contact and free-trial forms, last ${newWithinDays} days.`,
    path: ownerOnly('/contact-leads'),
  },
  {
    key: 'newApplications',
    label: 'New applications',
    explanation: `Job applications, last ${newWithinDays} days.`,
    path: ownerOnly('/review-applications'),
  },
];
