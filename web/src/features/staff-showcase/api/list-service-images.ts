import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarouselImage } from '@studio/shared/carousel';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { showcaseKeys } from './query-keys.ts';

/**
 * `GET /api/carousal/service/{id}?limit=100`: the manager page reads up to 100 images of one
 * service (spec §9), more than a service may hold (95): its whole list, in order.
 */
export async function listServiceImages(
  serviceId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CarouselImage[]> {
  return (await staffApiRequest('listServiceImages', { params: { id: serviceId }, query: { limit: 100 }, signal }))
    .images;
}

export const serviceImagesQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: showcaseKeys.serviceImagesOf(serviceId),
    queryFn: ({ signal }) => listServiceImages(serviceId, { signal }),
    enabled: serviceId !== '',
    staleTime: 0,
  });

export function useServiceImages(serviceId: string) {
  return useQuery(serviceImagesQueryOptions(serviceId));
}
