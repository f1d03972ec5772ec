import { StaffPage } from '../../../components/staff-layout.tsx';
import { JobPostingsManager } from '../../../features/staff-content/components/job-postings.tsx';

export function JobPostingsRoute() {
  return (
    <StaffPage title="Job Openings" roles={['SUPER_ADMIN']}>
      <JobPostingsManager />
    </StaffPage>
  );
}
