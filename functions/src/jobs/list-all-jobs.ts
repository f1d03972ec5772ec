import { listJobsPage } from '../data/job-workflow.ts';
import { BadRequestError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { jobsFor } from './job-view.ts';

/**
 * `GET api/jobs`: all jobs newest first, `?unassigned=true` for the assign page, `?unpaid=true`
 * for the jobs still to be paid (#16), `?open=true` for the jobs the studio still owes work on by
 * due time (the managers' board); `search` keeps the jobs whose title or description holds the
 * text; the filters combine, except `open` with `unassigned` (each reads its own index). Paged by
 * cursor.
 */
export const listAllJobsRoute: RouteImpl<'listAllJobs'> = async ({ query, caller }) => {
  if (query.open === 'true' && query.unassigned === 'true') {
    throw new BadRequestError('The request is not valid.', [
      { path: 'query.open', message: 'cannot be combined with unassigned' },
    ]);
  }
  const page = await listJobsPage({
    open: query.open === 'true',
    unassigned: query.unassigned === 'true',
    unpaid: query.unpaid === 'true',
    limit: query.limit ?? 100,
    cursor: query.cursor,
    search: query.search || undefined,
  });
  return { ...page, jobs: await jobsFor(caller!, page.jobs) };
};
