import { listOrganisationJobs } from '../data/organisation-jobs.ts';
import { organisationNotFound } from '../data/organisations.ts';
import { callerRole } from '../lib/caller-role.ts';
import type { RouteImpl } from '../lib/http.ts';
import { jobsFor } from '../jobs/job-view.ts';

/**
 * `GET api/organisations/{id}/jobs` (any member, whatever its role): the organisation's jobs,
 * newest first, paged. Not a member (or no such organisation): 404, so ids cannot be probed.
 */
export const listOrganisationJobsRoute: RouteImpl<'listOrganisationJobs'> = async ({ params, query, caller }) => {
  if (!(await callerRole(caller!, params.id))) throw organisationNotFound();
  const page = await listOrganisationJobs(params.id, query);
  return { jobs: await jobsFor(caller!, page.jobs), nextCursor: page.nextCursor };
};
