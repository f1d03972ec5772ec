import { RefreshJobsButton } from '../../../features/staff-jobs/components/refresh-jobs-button.tsx';

/**
 * The job pages' title-row action: Refresh (reads the job lists again). Their Back (spec §2) is
 * the staff layout's "Back to dashboard", on every staff page.
 */
export function JobPageActions() {
  return <RefreshJobsButton />;
}
