import { jobMatchesSearch } from '@studio/shared/job-workflow';
import type { Job } from '@studio/shared/job';
import { findJobs, minimumQueryLength } from '../data/job-search.ts';
import { listNeedsPage } from '../data/job-needs.ts';
import { listJobsPage } from '../data/job-workflow.ts';
import { BadRequestError } from '../lib/errors.ts';
import type { RouteImpl, RouteInput } from '../lib/http.ts';
import { jobsFor } from './job-view.ts';

/**
 * `GET api/jobs`: all jobs newest first, `?unassigned=true` for the assign page, `?unpaid=true`
 * for the jobs still to be paid (#16), `?open=true` for the jobs the studio still owes work on by
 * due time (the managers' board); `search` keeps the jobs whose title or description holds the
 * text; the filters combine, except `open` with `unassigned` (each reads its own index). Paged by
 * cursor. `q` finds jobs by number, client name or e-mail through the search index (#40), in one
 * page. `needs` lists the jobs behind one count of the console's first screen (#40, item 9).
 */
export const listAllJobsRoute: RouteImpl<'listAllJobs'> = async ({ query, caller }) => {
  if (query.needs !== undefined) {
    // One list of what needs action (#40, item 9): exactly the jobs its count counts, alone.
    const issues = (['unassigned', 'unpaid', 'open', 'q', 'search'] as const)
      .filter((name) => query[name] !== undefined)
      .map((name) => ({ path: `query.${name}`, message: 'cannot be combined with needs' }));
    if (issues.length > 0) throw new BadRequestError('The request is not valid.', issues);
    const page = await listNeedsPage(query.needs, { limit: query.limit ?? 100, cursor: query.cursor });
    return { ...page, jobs: await jobsFor(caller!, page.jobs) };
  }
  if (query.q !== undefined) return { jobs: await jobsFor(caller!, await foundJobs(query)), nextCursor: null };
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

/** Still to be paid, as the `unpaid` list reads it: not cancelled, and no payment in (or one to check). */
function unpaid(job: Job): boolean {
  return job.status !== 'CANCELLED' && (!job.payment || ['PENDING', 'FAILED', 'MISMATCH'].includes(job.payment.status));
}

async function foundJobs(query: RouteInput<'listAllJobs'>['query']): Promise<Job[]> {
  const q = query.q?.trim() ?? '';
  const issues: { path: string; message: string }[] = [];
  if (q.length < minimumQueryLength) {
    issues.push({ path: 'query.q', message: `must be at least ${minimumQueryLength} characters` });
  }
  for (const name of ['open', 'unassigned', 'cursor'] as const) {
    if (query[name] !== undefined) issues.push({ path: `query.${name}`, message: 'cannot be combined with q' });
  }
  if (issues.length > 0) throw new BadRequestError('The request is not valid.', issues);
  return findJobs(
    q,
    query.limit ?? 100,
    (job) => (query.unpaid !== 'true' || unpaid(job)) && jobMatchesSearch(job, query.search ?? ''),
  );
}
