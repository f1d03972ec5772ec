import { getJob } from '../data/jobs.ts';
import { listJobHistory } from '../data/payments.ts';
import type { RouteImpl } from '../lib/http.ts';
import { assertJobPermission } from './access.ts';
import { timelineFor } from './job-view.ts';

/**
 * `GET api/jobs/{id}/timeline` (#17): every entry of the job's history, oldest first, for the
 * owner, the assigned editor and managers (anyone else: the 404 of an unknown job). The editor
 * gets the entries of the work, not the payment's (job-view.ts).
 */
export const getJobTimelineRoute: RouteImpl<'getJobTimeline'> = async ({ params, caller }) => {
  const job = await assertJobPermission(caller!, await getJob(params.id), 'read');
  return { timeline: await timelineFor(caller!, job, await listJobHistory(job.id)) };
};
