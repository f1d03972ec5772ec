import { jobNeedsKeys, type JobNeedsKey } from '@studio/shared/studio-overview';
import { listNeedsPage } from '../data/job-needs.ts';
import type { RouteImpl } from '../lib/http.ts';
import { jobsFor } from './job-view.ts';

const isNeedsKey = (figure: string): figure is JobNeedsKey => (jobNeedsKeys as readonly string[]).includes(figure);

/**
 * `GET api/studio/overview/jobs?figure=` (MANAGER, SUPER_ADMIN): the jobs behind one figure, for
 * the CSV export. A "needs action" list answers its jobs, as `GET api/jobs?needs=` does.
 */
export const listOverviewJobsRoute: RouteImpl<'listOverviewJobs'> = async ({ query, caller }) => {
  if (isNeedsKey(query.figure)) {
    const page = await listNeedsPage(query.figure, { limit: query.limit ?? 100, cursor: query.cursor });
    return { ...page, jobs: await jobsFor(caller!, page.jobs) };
  }
  // The figures' half (#40 item 9) fills these.
  return { jobs: [], nextCursor: null };
};
