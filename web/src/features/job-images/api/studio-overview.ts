import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { jobImageKeys } from './query-keys.ts';

/** `GET /api/studio/overview` (MANAGER, SUPER_ADMIN, #34): the studio's figures, by named section. */
export const studioOverviewQueryOptions = () =>
  queryOptions({
    queryKey: jobImageKeys.overview(),
    queryFn: ({ signal }) => staffApiRequest('getStudioOverview', { signal }),
    // Read again each time the dashboard opens: jobs are approved all day.
    staleTime: 0,
  });

export const useStudioOverview = () => useQuery(studioOverviewQueryOptions());
