import { getJob } from '../data/jobs.ts';
import type { RouteImpl } from '../lib/http.ts';
import { assertJobPermission } from './access.ts';
import { jobFor } from './job-view.ts';

export const getJobRoute: RouteImpl<'getJob'> = async ({ params, caller }) => {
  const job = await assertJobPermission(caller!, await getJob(params.id), 'read');
  return { job: await jobFor(caller!, job) };
};
