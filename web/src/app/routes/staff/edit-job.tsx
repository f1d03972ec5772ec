import { StaffPage } from '../../../components/staff-layout.tsx';
import { EditJobs } from '../../../features/staff-jobs/components/edit-jobs.tsx';
import { JobPageActions } from './staff-page-actions.tsx';

/** `/edit-job` (spec §2): job cards with inline progress, refresh. */
export function EditJobRoute() {
  return (
    <StaffPage title="Edit Job Details" roles={['MANAGER', 'SUPER_ADMIN']} actions={<JobPageActions />}>
      <EditJobs />
    </StaffPage>
  );
}
