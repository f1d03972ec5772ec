import { listJobsPage } from '../data/job-workflow.ts';
import type { RouteImpl } from '../lib/http.ts';

/**
 * `GET api/jobs`: all jobs newest first, or `?unassigned=true` for the assign page; `search`
 * keeps the jobs whose title or description holds the text; paged by cursor.
 */
export const listAllJobsRoute: RouteImpl<'listAllJobs'> = async ({ query }) =>
  listJobsPage({
    unassigned: query.unassigned === 'true',
    limit: query.limit ?? 100,
    cursor: query.cursor,
    search: query.search || undefined,
  });
