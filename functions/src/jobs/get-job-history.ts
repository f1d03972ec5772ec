import { getJob } from '../data/jobs.ts';
import { listJobHistory } from '../data/payments.ts';
import type { RouteImpl } from '../lib/http.ts';
import { jobNotFound, mayReadJob } from './access.ts';

/** `GET api/jobs/{id}/history`: who changed the job's payment, when and how (oldest first). */
export const getJobHistoryRoute: RouteImpl<'getJobHistory'> = async ({ params, caller }) => {
  const job = await getJob(params.id);
  if (!job || !mayReadJob(caller!, job)) throw jobNotFound();
  return { history: await listJobHistory(job.id) };
};
