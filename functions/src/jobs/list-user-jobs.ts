import { listJobsOfClient } from '../data/jobs.ts';
import type { RouteImpl } from '../lib/http.ts';
import { assertMayListJobsOf } from './access.ts';
import { jobsFor } from './job-view.ts';

export const listUserJobsRoute: RouteImpl<'listUserJobs'> = async ({ query, caller }) => {
  assertMayListJobsOf(caller!, query.userId);
  return { jobs: await jobsFor(caller!, await listJobsOfClient(query.userId)) };
};
