import { lastMonths } from '@studio/shared/studio-overview';
import { reviewStatsOf } from '../data/review-stats.ts';
import type { RouteImpl } from '../lib/http.ts';

/**
 * `GET api/studio/overview` (MANAGER, SUPER_ADMIN): the studio's figures for the manager's page,
 * in named sections. First-time approval (#34): the jobs approved in each of the last 6 months,
 * newest first, and those months together.
 */
export const getStudioOverviewRoute: RouteImpl<'getStudioOverview'> = async () => ({
  firstTimeApproval: await reviewStatsOf(lastMonths(new Date())),
});
