import { useParams } from 'react-router-dom';
import { StaffPage } from '../../../components/staff-layout.tsx';
import { JobFilesPage } from '../../../features/job-files/components/job-files-page.tsx';
import { StaffJobLifecycle } from '../../../features/staff-jobs/components/job-lifecycle.tsx';
import { useStaffSession } from '../../../lib/staff-session.ts';

/**
 * `/job-files/:jobId` (issue 15): a job's photos and finished files, for its editor and managers;
 * since #17 also its revision rounds and timeline (the job in the console).
 */
export function JobFilesRoute() {
  const { jobId = '' } = useParams();
  const { user } = useStaffSession();
  return (
    <StaffPage title="Job files" roles={['SUPER_ADMIN', 'MANAGER', 'EDITOR']}>
      <JobFilesPage jobId={jobId} />
      <StaffJobLifecycle jobId={jobId} showBilling={user?.role !== 'EDITOR'} />
    </StaffPage>
  );
}
