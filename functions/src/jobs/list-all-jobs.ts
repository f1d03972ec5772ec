import { listJobsPage } from '../data/job-workflow.ts';
import type { RouteImpl } from '../lib/http.ts';

/**
 * `GET api/jobs`: all jobs newest first, `?unassigned=true` for the assign page, `?unpaid=true`
 * for the jobs still to be paid (#16); `search` keeps the jobs whose title or description holds
 * the text; the filters combine. Paged by cursor.
 */
export const listAllJobsRoute: RouteImpl<'listAllJobs'> = async ({ query }) =>
  listJobsPage({
    unassigned: query.unassigned === 'true',
    unpaid: query.unpaid === 'true',
    limit: query.limit ?? 100,
    cursor: query.cursor,
    search: query.search || undefined,
  });
