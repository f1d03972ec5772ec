import { listJobsOfClient } from '../data/jobs.ts';
import type { RouteImpl } from '../lib/http.ts';
import { assertMayListJobsOf } from './access.ts';
import { jobsFor } from './job-view.ts';

export const listClientJobsRoute: RouteImpl<'listClientJobs'> = async ({ params, caller }) => {
  assertMayListJobsOf(caller!, params.userId);
  return { jobs: await jobsFor(caller!, await listJobsOfClient(params.userId)) };
};
