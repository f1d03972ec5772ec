import { jobNeedsKeys, type JobNeedsKey, type OverviewJobsQuery } from '@studio/shared/studio-overview';
import { listNeedsPage } from '../data/job-needs.ts';
import { figureJobsPage, type MemberList } from '../data/overview-figures.ts';
import { BadRequestError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { jobsFor } from './job-view.ts';
import { periodOf } from './studio-overview.ts';

type Parameter = 'month' | 'currency' | 'status' | 'from' | 'to' | 'late' | 'week' | 'editorId';
const parameters: readonly Parameter[] = ['month', 'currency', 'status', 'from', 'to', 'late', 'week', 'editorId'];

/** What each figure needs and what it may take besides. */
const figureParameters: Record<MemberList['figure'], { required: Parameter[]; optional: Parameter[] }> = {
  revenue: { required: ['month', 'currency'], optional: [] },
  jobsByStatus: { required: ['status'], optional: ['from', 'to'] },
  onTimeDelivery: { required: ['month'], optional: ['late'] },
  imagesPerEditor: { required: ['week', 'editorId'], optional: [] },
};

const isNeedsKey = (figure: string): figure is JobNeedsKey => (jobNeedsKeys as readonly string[]).includes(figure);

function listOf(query: OverviewJobsQuery, now: Date): MemberList {
  const figure = query.figure as MemberList['figure'];
  const wanted = figureParameters[figure];
  const issues: { path: string; message: string }[] = [];
  for (const name of wanted.required) {
    if (query[name] === undefined) issues.push({ path: `query.${name}`, message: `is required with figure ${figure}` });
  }
  for (const name of parameters) {
    if (query[name] !== undefined && !wanted.required.includes(name) && !wanted.optional.includes(name)) {
      issues.push({ path: `query.${name}`, message: `cannot be combined with figure ${figure}` });
    }
  }
  if (figure === 'jobsByStatus' && (query.from === undefined) !== (query.to === undefined)) {
    issues.push({ path: 'query.from', message: 'give both from and to, or neither' });
  }
  if (figure === 'jobsByStatus' && query.from && query.to && query.from > query.to) {
    issues.push({ path: 'query.from', message: 'must be a month before or equal to to' });
  }
  if (issues.length > 0) throw new BadRequestError('The request is not valid.', issues);
  switch (figure) {
    case 'revenue':
      return { figure, month: query.month!, currency: query.currency! };
    case 'jobsByStatus':
      return { figure, status: query.status!, ...periodOf(query, now) };
    case 'onTimeDelivery':
      return { figure, month: query.month!, late: query.late === 'true' };
    default:
      return { figure: 'imagesPerEditor', week: query.week!, editorId: query.editorId! };
  }
}

/**
 * `GET api/studio/overview/jobs` (MANAGER, SUPER_ADMIN): a page of the jobs behind one figure of
 * the overview, for its CSV export (#40 item 9), from the lists the figures projector keeps beside
 * its counters, or the jobs of a "needs action" list. A figure's parameters missing or extra are a
 * 400 naming each.
 */
export const listOverviewJobsRoute: RouteImpl<'listOverviewJobs'> = async ({ query, caller, requestTime }) => {
  if (isNeedsKey(query.figure)) {
    // A "needs action" list: its jobs, as GET api/jobs?needs= answers them. It takes no parameter.
    const extra = parameters.filter((name) => query[name] !== undefined);
    if (extra.length > 0) {
      throw new BadRequestError(
        'The request is not valid.',
        extra.map((name) => ({ path: `query.${name}`, message: `cannot be combined with figure ${query.figure}` })),
      );
    }
    const page = await listNeedsPage(query.figure, { limit: query.limit ?? 100, cursor: query.cursor });
    return { jobs: await jobsFor(caller!, page.jobs), nextCursor: page.nextCursor };
  }
  const list = listOf(query, new Date(requestTime));
  const page = await figureJobsPage(list, { limit: query.limit ?? 100, cursor: query.cursor });
  return { jobs: await jobsFor(caller!, page.jobs), nextCursor: page.nextCursor };
};
