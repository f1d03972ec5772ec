import type { ReactNode } from 'react';
import type { Job } from '@studio/shared/job';
import { Link } from '../../../components/app-link.tsx';
import { PageState } from '../../../components/page-state.tsx';
import { paths } from '../../../config/paths.ts';
import { useClientJobs } from '../api/list-client-jobs.ts';
import { groupJobs, JobCard } from './job-card.tsx';
import './jobs.css';

/** What a page adds to each job card (the dashboard: the job's finished files). */
export type JobExtras = (job: Job) => ReactNode;

function JobSection({ title, jobs, extras }: { title: string; jobs: readonly Job[]; extras?: JobExtras }) {
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
              <JobCard job={job}>{extras?.(job)}</JobCard>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** 'Your Jobs' (spec §2): the signed-in client's jobs in Ongoing, Completed and Previous. */
export function ClientJobs({ userId, extras }: { userId: string; extras?: JobExtras }) {
  return (
    <PageState query={useClientJobs(userId)} failed={(error) => `Failed to fetch jobs: ${(error as Error).message}`}>
      {(jobs) => <JobSections jobs={jobs} extras={extras} />}
    </PageState>
  );
}

function JobSections({ jobs, extras }: { jobs: readonly Job[]; extras?: JobExtras }) {
  // A new client has nothing in any group: one line that says what to do, not three empty lists.
  if (jobs.length === 0) {
    return (
      <section className="jobs-empty" aria-labelledby="jobs-empty-heading">
        <h2 id="jobs-empty-heading">No jobs yet: start your first order</h2>
        <p>Choose a service, tell us how many photos and what to do with them, and you see the price at once.</p>
        <Link className="button button--primary" to={paths.services}>
          Choose a service
        </Link>
      </section>
    );
  }
  const groups = groupJobs(jobs);
  return (
    <div className="job-sections">
      <JobSection title="Ongoing" jobs={groups.ongoing} extras={extras} />
      <JobSection title="Completed" jobs={groups.completed} extras={extras} />
      <JobSection title="Previous" jobs={groups.previous} extras={extras} />
    </div>
  );
}
