import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../components/app-link.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { RequireSession } from '../../components/session-guard.tsx';
import { paths } from '../../config/paths.ts';
import { ReviewPage } from '../../features/job-images/components/review-page.tsx';
import { useJob } from '../../features/jobs/api/get-job.ts';
import { ApproveJobButton } from '../../features/jobs/components/job-actions.tsx';
import { useMyOrganisations } from '../../features/jobs/api/my-organisations.ts';
import { jobPermissionsOf } from '../../features/jobs/components/organisation-picker.tsx';
import { PageBanner, PublicPage } from '../layout/public-page.tsx';
import '../../features/jobs/components/jobs.css';

function ClientJobReview({ jobId }: { jobId: string }) {
  const job = useJob(jobId);
  const [approved, setApproved] = useState<string | null>(null);
  const organisations = useMyOrganisations().data ?? [];
  return (
    <QueryState query={job} error="Failed to load the job.">
      {(data) => (
        <>
          <h2 className="review-page__job">
            {data.serviceName}
            {data.jobNumber && `, job ${data.jobNumber}`}
            {(data.round ?? 1) > 1 && ` (round ${data.round})`}
          </h2>
          {approved && (
            <p className="form__success" role="status">
              {approved}
            </p>
          )}
          {/* A member whose role may not review (a VIEWER, #35) reads the review; the server refuses it anyway. */}
          {jobPermissionsOf(data, organisations).review ? (
            <ReviewPage
              caller="client"
              job={data}
              readOnly={false}
              approveJob={<ApproveJobButton job={data} onApproved={setApproved} />}
            />
          ) : (
            <ReviewPage caller="client" job={data} readOnly />
          )}
        </>
      )}
    </QueryState>
  );
}

/** `/dashboard/jobs/{jobId}/review` (#34): the client approves or rejects each delivered image. */
export function ClientJobReviewRoute() {
  const { jobId = '' } = useParams();
  return (
    <RequireSession>
      <PublicPage title="Review your images">
        <PageBanner title="Review your images" eyebrow="Your Jobs" />
        <section className="page-section">
          <div className="container">
            <p>
              <Link to={paths.clientJob(jobId)}>Back to the job</Link>
            </p>
            <ClientJobReview jobId={jobId} />
          </div>
        </section>
      </PublicPage>
    </RequireSession>
  );
}
