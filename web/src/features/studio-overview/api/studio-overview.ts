import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudioOverviewQuery } from '@studio/shared/studio-overview';
import { staffApiRequest } from '../../../lib/staff-api.ts';

export const studioOverviewKeys = {
  all: ['studio-overview'] as const,
  /** The overview of a period; `{}` is the server's default period (the last 6 months). */
  overview: (period: StudioOverviewQuery) => [...studioOverviewKeys.all, period.from ?? '', period.to ?? ''] as const,
};

/**
 * `GET /api/studio/overview` (MANAGER, SUPER_ADMIN, #34, #40): what needs action now, and the
 * figures of a period (the default one when `period` is empty).
 */
export const studioOverviewQueryOptions = (period: StudioOverviewQuery = {}) =>
  queryOptions({
    queryKey: studioOverviewKeys.overview(period),
    queryFn: ({ signal }) =>
      staffApiRequest('getStudioOverview', { query: period.from && period.to ? period : {}, signal }),
    // Read again each time the dashboard opens: jobs are paid, delivered and approved all day.
    staleTime: 0,
  });

export const useStudioOverview = (period: StudioOverviewQuery = {}) => useQuery(studioOverviewQueryOptions(period));
