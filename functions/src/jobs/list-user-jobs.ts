import { listJobsOfClient } from '../data/jobs.ts';
import type { RouteImpl } from '../lib/http.ts';
import { assertMayListJobsOf } from './access.ts';

export const listUserJobsRoute: RouteImpl<'listUserJobs'> = async ({ query, caller }) => {
  assertMayListJobsOf(caller!, query.userId);
  return { jobs: await listJobsOfClient(query.userId) };
};
