import { listOrganisationJobs } from '../data/organisation-jobs.ts';
import { memberRole } from '../data/organisation-members.ts';
import { organisationNotFound } from '../data/organisations.ts';
import type { RouteImpl } from '../lib/http.ts';
import { jobsFor } from '../jobs/job-view.ts';

/**
 * `GET api/organisations/{id}/jobs` (any member, whatever its role): the organisation's jobs,
 * newest first, paged. Not a member (or no such organisation): 404, so ids cannot be probed.
 */
export const listOrganisationJobsRoute: RouteImpl<'listOrganisationJobs'> = async ({ params, query, caller }) => {
  if (!(await memberRole(params.id, caller!.userId))) throw organisationNotFound();
  const page = await listOrganisationJobs(params.id, query);
  return { jobs: await jobsFor(caller!, page.jobs), nextCursor: page.nextCursor };
};
