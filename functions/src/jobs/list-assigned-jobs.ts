import { listJobsOfEditor } from '../data/job-workflow.ts';
import type { RouteImpl } from '../lib/http.ts';

/** `GET api/jobs/assigned-jobs`: only the caller's own jobs; the editor id comes from the token. */
export const listAssignedJobsRoute: RouteImpl<'listAssignedJobs'> = async ({ caller }) => ({
  assignedJobs: await listJobsOfEditor(caller!.userId),
});
