import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const organisationJobsPageSize = 25;

/** `GET /api/organisations/{id}/jobs`: an organisation's jobs, newest first, page by page. */
export const organisationJobsQueryOptions = (organisationId: string) =>
  infiniteQueryOptions({
    // Under the client's job lists' key: what refreshes them (an order, a payment) refreshes it.
    queryKey: ['jobs', 'client', 'organisation', organisationId],
    queryFn: ({ pageParam, signal }) =>
      apiRequest('listOrganisationJobs', {
        params: { id: organisationId },
        query: { limit: organisationJobsPageSize, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Staff move jobs along; the list should show the latest state when opened.
    staleTime: 0,
  });

export function useOrganisationJobs(organisationId: string | undefined) {
  return useInfiniteQuery({ ...organisationJobsQueryOptions(organisationId ?? ''), enabled: !!organisationId });
}
