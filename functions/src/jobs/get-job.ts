import { getJob } from '../data/jobs.ts';
import type { RouteImpl } from '../lib/http.ts';
import { jobNotFound, mayReadJob } from './access.ts';
import { jobFor } from './job-view.ts';

export const getJobRoute: RouteImpl<'getJob'> = async ({ params, caller }) => {
  const job = await getJob(params.id);
  if (!job || !mayReadJob(caller!, job)) throw jobNotFound();
  return { job: await jobFor(caller!, job) };
};
