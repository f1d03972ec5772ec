import { getJob } from '../data/jobs.ts';
import { listJobHistory } from '../data/payments.ts';
import type { RouteImpl } from '../lib/http.ts';
import { assertJobPermission } from './access.ts';
import { timelineFor } from './job-view.ts';

/**
 * `GET api/jobs/{id}/history`: who changed the job's payment, when and how (oldest first). Since
 * #17 the same items hold the whole timeline (`api/jobs/{id}/timeline`); this route keeps its
 * meaning, the payment entries only.
 */
export const getJobHistoryRoute: RouteImpl<'getJobHistory'> = async ({ params, caller }) => {
  const job = await assertJobPermission(caller!, await getJob(params.id), 'read');
  const timeline = await timelineFor(caller!, job, await listJobHistory(job.id));
  return { history: timeline.filter((entry) => entry.kind === 'payment') };
};
