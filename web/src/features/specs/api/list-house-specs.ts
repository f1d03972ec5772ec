import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StyleSpec } from '@studio/shared/style-spec';
import { apiRequest } from '../../../lib/api-client.ts';
import { specKeys } from './query-keys.ts';

/** `GET /api/house-specs` (any signed-in account): the studio's specs to start from. */
export async function listHouseSpecs({ signal }: { signal?: AbortSignal } = {}): Promise<StyleSpec[]> {
  const { specs } = await apiRequest('listHouseSpecs', { signal });
  return specs;
}

export const listHouseSpecsQueryOptions = () =>
  queryOptions({ queryKey: specKeys.house(), queryFn: ({ signal }) => listHouseSpecs({ signal }) });

export function useHouseSpecs(enabled = true) {
  return useQuery({ ...listHouseSpecsQueryOptions(), enabled });
}
