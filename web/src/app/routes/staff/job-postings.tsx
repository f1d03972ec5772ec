import { StaffPage } from '../../../components/staff-layout.tsx';
import { JobOpeningsManager } from '../../../features/staff-openings/components/job-openings.tsx';

export function JobPostingsRoute() {
  return (
    <StaffPage title="Job Openings" roles={['SUPER_ADMIN']}>
      <JobOpeningsManager />
    </StaffPage>
  );
}
