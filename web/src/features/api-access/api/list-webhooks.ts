import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Webhook } from '@studio/shared/webhooks';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiAccessKeys } from './query-keys.ts';

/** `GET /api/organisations/{id}/webhooks` (OWNER): the webhooks, enabled or not, never their secrets. */
export async function listWebhooks(
  organisationId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Webhook[]> {
  const { webhooks } = await apiRequest('listWebhooks', { params: { id: organisationId }, signal });
  return webhooks;
}

export const listWebhooksQueryOptions = (organisationId: string) =>
  queryOptions({
    queryKey: apiAccessKeys.webhooks(organisationId),
    queryFn: ({ signal }) => listWebhooks(organisationId, { signal }),
    // Deliveries fail and webhooks get disabled while the page is closed: read afresh when opened.
    staleTime: 0,
  });

export function useWebhooks(organisationId: string) {
  return useQuery(listWebhooksQueryOptions(organisationId));
}
