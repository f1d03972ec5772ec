import type { ReactNode } from 'react';
import type { Job } from '@studio/shared/job';
import { Link } from '../../../components/app-link.tsx';
import { paths } from '../../../config/paths.ts';
import { LoadMore } from '../../../components/load-more.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useOrganisationJobs } from '../api/list-organisation-jobs.ts';
import { groupJobs, JobCard } from './job-card.tsx';
import { jobPermissionsOf, usePickedOrganisation, withOrganisation } from './organisation-picker.tsx';
import './jobs.css';

/** What a page adds to each job card (the dashboard: the job's finished files). */
export type JobExtras = (job: Job) => ReactNode;

/** How each card of a list is shown: what the client may do, and the organisation its links keep. */
interface CardOptions {
  card?: (job: Job) => { may?: ReturnType<typeof jobPermissionsOf>; organisationId?: string };
}

function JobSection({
  title,
  jobs,
  extras,
  card,
}: { title: string; jobs: readonly Job[]; extras?: JobExtras } & CardOptions) {
  const id = `jobs-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {jobs.length === 0 ? (
        <p className="page-state">No jobs for this user</p>
      ) : (
        <ul className="job-list">
          {jobs.map((job) => (
            <li key={job.id}>
              <JobCard job={job} {...card?.(job)}>
                {extras?.(job)}
              </JobCard>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * 'Your Jobs' of the organisation picked in the portal's header (#35): its jobs, newest first, a
 * page at a time, each card with what the client's role there lets it do.
 */
export function OrganisationJobs({ extras }: { extras?: JobExtras }) {
  const { query: organisationsQuery, organisations, picked, kept } = usePickedOrganisation();
  const jobs = useOrganisationJobs(picked?.id);
  const card = (job: Job) => ({ may: jobPermissionsOf(job, organisations), organisationId: kept });
  return (
    <QueryState query={organisationsQuery} error="Failed to fetch your organisations." isEmpty={() => false}>
      {() => (
        <QueryState
          query={{ ...jobs, data: jobs.data?.pages.flatMap((page) => page.jobs) }}
          error={(error) => `Failed to fetch jobs: ${(error as Error).message}`}
          isEmpty={() => false}
        >
          {(list) => (
            <>
              <JobSections jobs={list} extras={extras} card={card} organisationId={kept} />
              <LoadMore query={jobs} label="Show older jobs" />
            </>
          )}
        </QueryState>
      )}
    </QueryState>
  );
}

function JobSections({
  jobs,
  extras,
  card,
  organisationId,
}: { jobs: readonly Job[]; extras?: JobExtras; organisationId?: string } & CardOptions) {
  // A new client has nothing in any group: one line that says what to do, not three empty lists.
  if (jobs.length === 0) {
    return (
      <section className="jobs-empty" aria-labelledby="jobs-empty-heading">
        <h2 id="jobs-empty-heading">No jobs yet: start your first order</h2>
        <p>Choose a service, tell us how many photos and what to do with them, and you see the price at once.</p>
        <Link className="button button--primary" to={withOrganisation(paths.services, organisationId)}>
          Choose a service
        </Link>
      </section>
    );
  }
  const groups = groupJobs(jobs);
  return (
    <div className="job-sections">
      <JobSection title="Ongoing" jobs={groups.ongoing} extras={extras} card={card} />
      <JobSection title="Completed" jobs={groups.completed} extras={extras} card={card} />
      <JobSection title="Previous" jobs={groups.previous} extras={extras} card={card} />
    </div>
  );
}
