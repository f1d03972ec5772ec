import { listJobsOfClient } from '../data/jobs.ts';
import type { RouteImpl } from '../lib/http.ts';
import { assertMayListJobsOf, mayReadJobs } from './access.ts';
import { jobsFor } from './job-view.ts';

/**
 * `GET api/jobs/client/{userId}`: the jobs the client ordered. A client reads only those it may
 * still read (#35): a job of an organisation it has left is no longer listed to it.
 */
export const listClientJobsRoute: RouteImpl<'listClientJobs'> = async ({ params, caller }) => {
  assertMayListJobsOf(caller!, params.userId);
  return { jobs: await jobsFor(caller!, await mayReadJobs(caller!, await listJobsOfClient(params.userId))) };
};
