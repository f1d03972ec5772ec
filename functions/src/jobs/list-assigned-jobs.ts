import { listJobsOfEditor } from '../data/job-workflow.ts';
import type { RouteImpl } from '../lib/http.ts';
import { jobsFor } from './job-view.ts';

/**
 * `GET api/jobs/assigned-jobs`: only the caller's own jobs; the editor id comes from the token.
 * Each as an editor sees it (job-view.ts: no payment, no client e-mail).
 */
export const listAssignedJobsRoute: RouteImpl<'listAssignedJobs'> = async ({ caller }) => ({
  assignedJobs: await jobsFor(caller!, await listJobsOfEditor(caller!.userId)),
});
