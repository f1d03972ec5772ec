import { jobStatuses } from '@studio/shared/job';
import { lastMonths, monthsOf } from '@studio/shared/studio-overview';
import { needsActionAsOf } from '../data/job-needs.ts';
import { reviewStatsOf } from '../data/review-stats.ts';
import type { RouteImpl } from '../lib/http.ts';

/**
 * `GET api/studio/overview` (MANAGER, SUPER_ADMIN): the console's first screen (#40, item 9). What
 * needs action now: eight counts, each the size of the list its tile links to, kept for up to a
 * minute (`countedAt`). First-time approval (#34): the jobs approved in each month of the period.
 */
export const getStudioOverviewRoute: RouteImpl<'getStudioOverview'> = async ({ query }) => {
  const now = new Date();
  const to = query.to ?? lastMonths(now, 1)[0]!;
  const months = query.from && query.to ? monthsOf(query.from, query.to) : lastMonths(now);
  const from = query.from ?? months[months.length - 1]!;
  const [needs, firstTimeApproval] = await Promise.all([needsActionAsOf(now), reviewStatsOf(months)]);
  return {
    ...needs,
    // The figures' half (#40 item 9) fills these.
    period: { from, to },
    revenue: [],
    jobsByStatus: jobStatuses.map((status) => ({ status, count: 0 })),
    onTimeDelivery: {
      months: months.map((month) => ({ month, delivered: 0, onTime: 0, rate: null })),
      total: { delivered: 0, onTime: 0, rate: null },
    },
    imagesPerEditor: [],
    firstTimeApproval,
  };
};
