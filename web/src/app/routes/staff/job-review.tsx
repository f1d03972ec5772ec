import { useParams } from 'react-router-dom';
import { Link } from '../../../components/app-link.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { StaffPage } from '../../../components/staff-layout.tsx';
import { paths } from '../../../config/paths.ts';
import { useJob } from '../../../features/job-files/api/get-job.ts';
import { ReviewPage } from '../../../features/job-images/components/review-page.tsx';

/**
 * `/job-files/:jobId/review` (#34): the client's review of the job's images as the client sees
 * it, read-only, for the job's editor and managers: decisions, shapes and comments.
 */
export function JobReviewRoute() {
  const { jobId = '' } = useParams();
  const job = useJob('staff', jobId);
  return (
    <StaffPage title="Client review" roles={['SUPER_ADMIN', 'MANAGER', 'EDITOR']}>
      <p>
        <Link to={paths.jobFiles(jobId)}>Back to the job's files</Link>
      </p>
      <QueryState query={job} error="Failed to load the job.">
        {(data) => <ReviewPage caller="staff" job={data} readOnly />}
      </QueryState>
    </StaffPage>
  );
}
