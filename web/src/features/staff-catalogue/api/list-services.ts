import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@studio/shared/service';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { catalogueKeys } from './query-keys.ts';

/**
 * `GET /api/services`: every service in display order with its subservices and prices (the
 * whole catalogue; the route neither pages nor searches). The public read, sent with the staff
 * token so no cache on the way keeps a copy.
 */
export async function listServices({ signal }: { signal?: AbortSignal } = {}): Promise<Service[]> {
  return (await staffApiRequest('listServices', { signal })).services;
}

export const servicesQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.services(),
    queryFn: ({ signal }) => listServices({ signal }),
    // Other staff change the catalogue too: a page opened again reads it again.
    staleTime: 0,
  });

export function useServices() {
  return useQuery(servicesQueryOptions());
}
