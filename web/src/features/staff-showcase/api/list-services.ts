import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceRef } from '@studio/shared/carousel';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { showcaseKeys } from './query-keys.ts';

/**
 * `GET /api/carousal/services`: every service as `{ id, name }`, in display order, to choose the
 * one an item or image belongs to. Sent with the staff token so no cache on the way keeps a copy.
 */
export async function listServices({ signal }: { signal?: AbortSignal } = {}): Promise<ServiceRef[]> {
  return (await staffApiRequest('listCarouselServices', { signal })).services;
}

export const servicesQueryOptions = () =>
  queryOptions({
    queryKey: showcaseKeys.services(),
    queryFn: ({ signal }) => listServices({ signal }),
    // Services are added and renamed on the catalogue's pages: read them again when a page opens.
    staleTime: 0,
  });

export function useServices() {
  return useQuery(servicesQueryOptions());
}
