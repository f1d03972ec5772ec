import { useDeferredValue } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@studio/shared/service';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/services`, parsed with the shared schema: every service in display order. */
export async function getServices({ signal }: { signal?: AbortSignal } = {}): Promise<Service[]> {
  const { services } = await apiRequest('listServices', { signal });
  return services;
}

export const getServicesQueryOptions = () =>
  queryOptions({
    queryKey: ['services'],
    queryFn: ({ signal }) => getServices({ signal }),
  });

export function useServices() {
  // Rendered at low priority: the sections showing the answer re-render in slices (docs/decisions/fast-accessible-indexable.md).
  return useDeferredValue(useQuery(getServicesQueryOptions()));
}
