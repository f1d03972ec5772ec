import { useDeferredValue } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@studio/shared/service';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/services/{id}`: one service with its subservices. */
export async function getService(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Service> {
  const { service } = await apiRequest('getService', { params: { id }, signal });
  return service;
}

export const getServiceQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['services', id], queryFn: ({ signal }) => getService(id, { signal }) });

export function useService(id: string) {
  // Rendered at low priority: the sections showing the answer re-render in slices (docs/decisions/fast-accessible-indexable.md).
  return useDeferredValue(useQuery(getServiceQueryOptions(id)));
}
