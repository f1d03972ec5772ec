import { useParams } from 'react-router-dom';
import { StaffPage } from '../../../components/staff-layout.tsx';
import { JobFilesPage } from '../../../features/job-files/components/job-files-page.tsx';

/** `/job-files/:jobId` (issue 15): a job's photos and finished files, for its editor and managers. */
export function JobFilesRoute() {
  const { jobId = '' } = useParams();
  return (
    <StaffPage title="Job files" roles={['SUPER_ADMIN', 'MANAGER', 'EDITOR']}>
      <JobFilesPage jobId={jobId} />
    </StaffPage>
  );
}
