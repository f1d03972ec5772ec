import { useParams } from 'react-router-dom';
import { deliveredImages, imageCountsOf } from '@studio/shared/images';
import { Link } from '../../components/app-link.tsx';
import { PageBanner, PublicPage } from '../layout/public-page.tsx';
import { JobTimeline } from '../../components/job-timeline.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { RevisionRounds } from '../../components/revision-rounds.tsx';
import { RequireSession } from '../../components/session-guard.tsx';
import { paths } from '../../config/paths.ts';
import { ArchiveButton } from '../../features/job-files/components/archive-button.tsx';
import { Deliverables } from '../../features/job-files/components/deliverables.tsx';
import { JobImages } from '../../features/job-images/components/job-images.tsx';
import { useJob } from '../../features/jobs/api/get-job.ts';
import { useTimeline } from '../../features/jobs/api/get-timeline.ts';
import { useRevisionRequests } from '../../features/jobs/api/list-revision-requests.ts';
import { JobCard } from '../../features/jobs/components/job-card.tsx';
import { useMyOrganisations } from '../../features/jobs/api/my-organisations.ts';
import { jobPermissionsOf, withOrganisation } from '../../features/jobs/components/organisation-picker.tsx';
import { useServices } from '../../features/services/api/get-services.ts';
import { JobSpec } from '../../features/specs/components/job-spec.tsx';
import '../../features/jobs/components/jobs.css';

/** The review link: how many images wait for a decision, or the review itself when none does. */
export function reviewLinkText(toReview: number): string {
  if (toReview === 0) return 'Your review of the images';
  return `Review ${toReview} ${toReview === 1 ? 'image' : 'images'}`;
}

function BackToJobs({ jobId }: { jobId: string }) {
  // Back to the list of the job's organisation (#35), which the portal's links keep in `?org=`.
  const jobOrganisation = useJob(jobId).data?.organisationId ?? undefined;
  const organisationId = (useMyOrganisations().data?.length ?? 0) > 1 ? jobOrganisation : undefined;
  return (
    <p>
      <Link to={withOrganisation(paths.dashboard, organisationId)}>Back to Your Jobs</Link>
    </p>
  );
}

function ClientJob({ jobId }: { jobId: string }) {
  const job = useJob(jobId);
  const timeline = useTimeline(jobId);
  const sentBack = (job.data?.round ?? 1) > 1;
  const revisions = useRevisionRequests(jobId, sentBack);
  const organisations = useMyOrganisations().data ?? [];
  const services = useServices().data ?? [];
  return (
    <QueryState query={job} error="Failed to load the job.">
      {(data) => (
        <>
          <JobCard
            job={data}
            onJobPage
            may={jobPermissionsOf(data, organisations)}
            // Named for a client of several organisations; one of a single one sees the job as before.
            organisationName={
              organisations.length > 1
                ? organisations.find((organisation) => organisation.id === data.organisationId)?.name
                : undefined
            }
          >
            {data.uploadId ? (
              // A job made of uploaded photos (#33): each image with its finished version once released.
              <JobImages
                caller="client"
                jobId={data.id}
                heading="Your images"
                headingLevel={3}
                toolbar={(first) => (
                  <>
                    {/* The review of each image (#34): the primary action while the delivery waits for an answer. */}
                    {data.status === 'DELIVERED' &&
                      deliveredImages(imageCountsOf(first.counts)) > 0 &&
                      jobPermissionsOf(data, organisations).review && (
                        <p>
                          <Link className="button button--primary" to={paths.clientJobReview(data.id)}>
                            {reviewLinkText(first.counts.DELIVERED ?? 0)}
                          </Link>
                        </p>
                      )}
                    {first.released && data.deliverableCount > 0 && (
                      <ArchiveButton
                        caller="client"
                        jobId={data.id}
                        set="deliverables"
                        label="Download all finished files"
                      />
                    )}
                  </>
                )}
              />
            ) : (
              data.deliverableCount > 0 && (
                <section aria-label={`Finished files of ${data.jobNumber ?? data.serviceName}`}>
                  <h3>Finished files</h3>
                  <Deliverables caller="client" jobId={data.id} count={data.deliverableCount} />
                </section>
              )
            )}
          </JobCard>
          {data.spec && <JobSpec jobId={data.id} spec={data.spec} services={services} />}
          {sentBack && revisions.data && (
            <section className="job-page__section" aria-labelledby="job-revisions">
              <h2 id="job-revisions">Your change requests</h2>
              <RevisionRounds revisions={revisions.data} />
            </section>
          )}
          <section className="job-page__section" aria-labelledby="job-timeline">
            <h2 id="job-timeline">Timeline</h2>
            <QueryState query={timeline} error="Failed to load the timeline." isEmpty={() => false}>
              {(entries) => <JobTimeline entries={entries} reader="client" />}
            </QueryState>
          </section>
        </>
      )}
    </QueryState>
  );
}

/** `/dashboard/jobs/{jobId}` (#17): one of the client's jobs with its timeline. */
export function ClientJobRoute() {
  const { jobId = '' } = useParams();
  return (
    <RequireSession>
      <PublicPage title="Your job">
        <PageBanner title="Your job" eyebrow="Your Jobs" />
        <section className="page-section">
          <div className="container">
            <BackToJobs jobId={jobId} />
            <ClientJob jobId={jobId} />
          </div>
        </section>
      </PublicPage>
    </RequireSession>
  );
}
