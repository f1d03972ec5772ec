import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffApiRequest } from './staff-api.ts';

/** The query key of the console's first screen (what needs action, the figures). */
export const studioOverviewKey = ['studio-overview'] as const;

/**
 * `GET /api/studio/overview` (MANAGER, SUPER_ADMIN; #34, #40 item 9): what needs action now and the
 * studio's figures, by named section; one read for every card of the dashboard.
 */
export const studioOverviewQueryOptions = () =>
  queryOptions({
    queryKey: studioOverviewKey,
    queryFn: ({ signal }) => staffApiRequest('getStudioOverview', { signal }),
    // Read again each time the dashboard opens, and every minute while it stays open (the server
    // keeps its counts for a minute): jobs come in and move all day.
    staleTime: 0,
    refetchInterval: 60_000,
  });

export const useStudioOverview = () => useQuery(studioOverviewQueryOptions());
