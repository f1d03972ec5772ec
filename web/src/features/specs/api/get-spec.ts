import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StyleSpec } from '@studio/shared/style-spec';
import { apiRequest } from '../../../lib/api-client.ts';
import { specKeys } from './query-keys.ts';

interface Input {
  organisationId: string;
  specId: string;
  /** A version (deleted specs too); absent: the latest of a live spec. */
  version?: number;
}

/** `GET /api/organisations/{id}/specs/{specId}?version=N` (any member). */
export async function getSpec(
  { organisationId, specId, version }: Input,
  { signal }: { signal?: AbortSignal } = {},
): Promise<StyleSpec> {
  const { spec } = await apiRequest('getSpec', {
    params: { id: organisationId, specId },
    query: version === undefined ? {} : { version },
    signal,
  });
  return spec;
}

export const getSpecQueryOptions = (input: Input) =>
  queryOptions({
    queryKey: specKeys.one(input.organisationId, input.specId, input.version),
    queryFn: ({ signal }) => getSpec(input, { signal }),
  });

export function useSpec(input: Input) {
  return useQuery(getSpecQueryOptions(input));
}
