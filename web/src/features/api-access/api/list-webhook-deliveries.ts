import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiAccessKeys } from './query-keys.ts';

/** `GET /api/organisations/{id}/webhooks/{hookId}/deliveries` (OWNER): the attempts, newest first, page by page. */
export const webhookDeliveriesQueryOptions = (organisationId: string, hookId: string) =>
  infiniteQueryOptions({
    queryKey: apiAccessKeys.deliveries(organisationId, hookId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest('listWebhookDeliveries', {
        params: { id: organisationId, hookId },
        query: pageParam ? { cursor: pageParam } : {},
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Retries land while the log is closed: read afresh each time it is opened.
    staleTime: 0,
  });

export function useWebhookDeliveries(organisationId: string, hookId: string) {
  return useInfiniteQuery(webhookDeliveriesQueryOptions(organisationId, hookId));
}
