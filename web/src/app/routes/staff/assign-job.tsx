import { StaffPage } from '../../../components/staff-layout.tsx';
import { AssignJobs } from '../../../features/staff-jobs/components/assign-jobs.tsx';
import { JobPageActions } from './staff-page-actions.tsx';

/** `/assign-job` (spec §2): unassigned jobs, editor choice, refresh and back. */
export function AssignJobRoute() {
  return (
    <StaffPage title="Assign Jobs To Editors" roles={['MANAGER', 'SUPER_ADMIN']} actions={<JobPageActions />}>
      <AssignJobs />
    </StaffPage>
  );
}
