import { listJobsOfClient } from '../data/jobs.ts';
import type { RouteImpl } from '../lib/http.ts';
import { assertMayListJobsOf } from './access.ts';

export const listClientJobsRoute: RouteImpl<'listClientJobs'> = async ({ params, caller }) => {
  assertMayListJobsOf(caller!, params.userId);
  return { jobs: await listJobsOfClient(params.userId) };
};
