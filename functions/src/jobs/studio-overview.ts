import { lastMonths, monthsOf } from '@studio/shared/studio-overview';
import { needsActionAsOf } from '../data/job-needs.ts';
import { figuresOf } from '../data/overview-figures.ts';
import { reviewStatsOf } from '../data/review-stats.ts';
import type { RouteImpl } from '../lib/http.ts';

/** The period asked, or the last 6 months up to the request's month (UTC). */
export function periodOf(query: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  if (query.from && query.to) return { from: query.from, to: query.to };
  const months = lastMonths(now);
  return { from: months[months.length - 1]!, to: months[0]! };
}

/**
 * `GET api/studio/overview` (MANAGER, SUPER_ADMIN): the console's first screen (#34, #40 item 9).
 * What needs action now: eight counts, each the size of the list its tile links to, kept for up to
 * a minute (`countedAt`, data/job-needs.ts). The figures of the period come from the counters the
 * figures projector keeps (data/overview-figures.ts) and first-time approval from the review
 * counters (data/review-stats.ts): one BatchGet of months x 8 keys each, never a read of every job.
 */
export const getStudioOverviewRoute: RouteImpl<'getStudioOverview'> = async ({ query, requestTime }) => {
  const now = new Date(requestTime);
  const period = periodOf(query, now);
  const [needs, figures, firstTimeApproval] = await Promise.all([
    needsActionAsOf(now),
    figuresOf(period.from, period.to),
    reviewStatsOf(monthsOf(period.from, period.to)),
  ]);
  const { reads: _reads, ...answer } = figures;
  return { ...needs, period, ...answer, firstTimeApproval };
};
