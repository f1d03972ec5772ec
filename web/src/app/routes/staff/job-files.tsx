import { useParams } from 'react-router-dom';
import { Link } from '../../../components/app-link.tsx';
import { StaffPage } from '../../../components/staff-layout.tsx';
import { paths } from '../../../config/paths.ts';
import { JobFilesPage } from '../../../features/job-files/components/job-files-page.tsx';
import { FirstTimeApprovalFigure } from '../../../features/job-images/components/first-time-approval.tsx';
import { JobImages } from '../../../features/job-images/components/job-images.tsx';
import { SpecDetails } from '../../../features/specs/components/spec-details.tsx';
import { StaffJobLifecycle } from '../../../features/staff-jobs/components/job-lifecycle.tsx';
import { useStaffSession } from '../../../lib/staff-session.ts';

/**
 * `/job-files/:jobId` (issue 15): a job's photos and finished files, for its editor and managers;
 * since #17 also its revision rounds and timeline (the job in the console); since #33 a job made of
 * uploaded photos shows its images, delivered one by one or many by name; since #34 the images the
 * client sent back with their marks, the job's first-time approval and the client's review; since #35
 * the job's spec beside each image.
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
            specDetails={(spec) => <SpecDetails spec={spec} />}
            canDeliver={job.status !== 'CANCELLED' && job.status !== 'COMPLETED'}
            toolbar={(first) => (
              <div className="job-images__review">
                <FirstTimeApprovalFigure figure={first.firstTimeApproval} />
                <Link to={paths.jobFilesReview(job.id)}>The client's review (read-only)</Link>
              </div>
            )}
          />
        )}
      />
      <StaffJobLifecycle jobId={jobId} showBilling={user?.role !== 'EDITOR'} />
    </StaffPage>
  );
}
