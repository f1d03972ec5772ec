import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarouselImage } from '@studio/shared/carousel';
import { staffApiRequest } from '../../../lib/staff-api.ts';

/** The manager page reads up to 100 images of one service (spec §9). */
export const serviceImagesQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: ['service-images', 'staff', serviceId],
    queryFn: async ({ signal }): Promise<CarouselImage[]> =>
      (await staffApiRequest('listServiceImages', { params: { id: serviceId }, query: { limit: 100 }, signal })).images,
    enabled: serviceId !== '',
  });

export function useServiceImages(serviceId: string) {
  return useQuery(serviceImagesQueryOptions(serviceId));
}
