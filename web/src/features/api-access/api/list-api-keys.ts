import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKey } from '@studio/shared/api-keys';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiAccessKeys } from './query-keys.ts';

/** `GET /api/organisations/{id}/api-keys` (OWNER): the live keys, never the keys themselves. */
export async function listApiKeys(
  organisationId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApiKey[]> {
  const { apiKeys } = await apiRequest('listApiKeys', { params: { id: organisationId }, signal });
  return apiKeys;
}

export const listApiKeysQueryOptions = (organisationId: string) =>
  queryOptions({
    queryKey: apiAccessKeys.apiKeys(organisationId),
    queryFn: ({ signal }) => listApiKeys(organisationId, { signal }),
  });

export function useApiKeys(organisationId: string) {
  return useQuery(listApiKeysQueryOptions(organisationId));
}
