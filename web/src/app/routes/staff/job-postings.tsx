import { StaffPage } from '../../../components/staff-layout.tsx';
import { JobOpeningsManager } from '../../../features/staff-openings/components/job-openings.tsx';
import { BackToDashboard } from './back-to-dashboard.tsx';

export function JobPostingsRoute() {
  return (
    <StaffPage title="Job Openings" roles={['SUPER_ADMIN']} actions={<BackToDashboard />}>
      <JobOpeningsManager />
    </StaffPage>
  );
}
