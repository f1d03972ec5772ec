import { useParams } from 'react-router-dom';
import { Link } from '../../components/app-link.tsx';
import { PageBanner, PublicPage } from '../layout/public-page.tsx';
import { paths } from '../../config/paths.ts';
import { useJobOpenings } from '../../features/careers/api/list-job-openings.ts';
import { ApplicationForm } from '../../features/careers/components/application-form.tsx';

export const openingUnavailableMessage =
  'This job opening is closed or does not exist, so it no longer takes applications.';

/**
 * `/apply-job-form/{jobId}`: the application form for one active opening. An unknown or closed
 * opening shows why there is no form (the API refuses such applications as well).
 */
export function ApplyJobFormRoute() {
  const { jobId = '' } = useParams();
  const { data, isPending, isError, refetch } = useJobOpenings();
  const opening = data?.find((job) => job.id === jobId);
  return (
    <PublicPage title={opening ? `Apply: ${opening.title}` : 'Apply for a job'}>
      <PageBanner title={opening ? opening.title : 'Apply for a job'} eyebrow="Careers">
        {opening && <p>{opening.description}</p>}
      </PageBanner>
      <section className="page-section">
        <div className="container">
          {isPending ? (
            <p className="page-state" role="status">
              Loading...
            </p>
          ) : isError ? (
            <div className="page-state" role="alert">
              <p>Failed to load the job opening.</p>
              <button type="button" className="button button--secondary" onClick={() => void refetch()}>
                Try Again
              </button>
            </div>
          ) : opening ? (
            <ApplicationForm jobOpeningId={opening.id} jobTitle={opening.title} />
          ) : (
            <div className="page-state" role="alert">
              <p>{openingUnavailableMessage}</p>
              <p>
                <Link to={paths.career}>See the open positions</Link>
              </p>
            </div>
          )}
        </div>
      </section>
    </PublicPage>
  );
}
