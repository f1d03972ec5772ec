import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { galleryPageSize } from '../components/gallery-paging.ts';

/** `GET /api/carousal/service/{id}?page&limit=50`: one page of a service's gallery images. */
export function listServiceImages(serviceId: string, page: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('listServiceImages', {
    params: { id: serviceId },
    query: { page, limit: galleryPageSize },
    signal,
  });
}

export const listServiceImagesQueryOptions = (serviceId: string) =>
  infiniteQueryOptions({
    queryKey: ['service-images', serviceId],
    queryFn: ({ pageParam, signal }) => listServiceImages(serviceId, pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
  });

/** Pages are fetched one at a time, on demand (Load More Images). */
export function useServiceImages(serviceId: string) {
  return useInfiniteQuery(listServiceImagesQueryOptions(serviceId));
}
