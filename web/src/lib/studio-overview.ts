import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudioOverviewQuery } from '@studio/shared/studio-overview';
import { staffApiRequest } from './staff-api.ts';

/** The query key of the console's first screen (what needs action, the figures). */
export const studioOverviewKey = ['studio-overview'] as const;

/**
 * `GET /api/studio/overview` (MANAGER, SUPER_ADMIN; #34, #40 item 9): what needs action now and the
 * studio's figures, by named section, for `period` (the server's default, the last 6 months, when
 * empty); one read for every card of the dashboard that shows the same period.
 */
export const studioOverviewQueryOptions = (period: StudioOverviewQuery = {}) =>
  queryOptions({
    queryKey: [...studioOverviewKey, period.from ?? '', period.to ?? ''],
    queryFn: ({ signal }) =>
      staffApiRequest('getStudioOverview', { query: period.from && period.to ? period : {}, signal }),
    // Read again each time the dashboard opens, and every minute while it stays open (the server
    // keeps its counts for a minute): jobs come in and move all day.
    staleTime: 0,
    refetchInterval: 60_000,
  });

export const useStudioOverview = (period: StudioOverviewQuery = {}) => useQuery(studioOverviewQueryOptions(period));
