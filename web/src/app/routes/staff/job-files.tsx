import { useParams } from 'react-router-dom';
import { StaffPage } from '../../../components/staff-layout.tsx';
import { JobFilesPage } from '../../../features/job-files/components/job-files-page.tsx';
import { JobImages } from '../../../features/job-images/components/job-images.tsx';
import { StaffJobLifecycle } from '../../../features/staff-jobs/components/job-lifecycle.tsx';
import { useStaffSession } from '../../../lib/staff-session.ts';

/**
 * `/job-files/:jobId` (issue 15): a job's photos and finished files, for its editor and managers;
 * since #17 also its revision rounds and timeline (the job in the console); since #33 a job made of
 * uploaded photos shows its images, delivered one by one or many by name.
 */
export function JobFilesRoute() {
  const { jobId = '' } = useParams();
  const { user } = useStaffSession();
  return (
    <StaffPage title="Job files" roles={['SUPER_ADMIN', 'MANAGER', 'EDITOR']}>
      <JobFilesPage
        jobId={jobId}
        images={(job) => (
          <JobImages
            caller="staff"
            jobId={job.id}
            heading="Images"
            canDeliver={job.status !== 'CANCELLED' && job.status !== 'COMPLETED'}
          />
        )}
      />
      <StaffJobLifecycle jobId={jobId} showBilling={user?.role !== 'EDITOR'} />
    </StaffPage>
  );
}
