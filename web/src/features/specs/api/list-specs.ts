import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StyleSpec } from '@studio/shared/style-spec';
import { apiRequest } from '../../../lib/api-client.ts';
import { specKeys } from './query-keys.ts';

/** `GET /api/organisations/{id}/specs` (any member): the live specs, latest versions, by name. */
export async function listSpecs(
  organisationId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<StyleSpec[]> {
  const { specs } = await apiRequest('listSpecs', { params: { id: organisationId }, signal });
  return specs;
}

export const listSpecsQueryOptions = (organisationId: string) =>
  queryOptions({
    queryKey: specKeys.list(organisationId),
    queryFn: ({ signal }) => listSpecs(organisationId, { signal }),
  });

/** An organisation's live specs; none asked for while `organisationId` is null. */
export function useSpecs(organisationId: string | null) {
  return useQuery({ ...listSpecsQueryOptions(organisationId ?? ''), enabled: organisationId !== null });
}
