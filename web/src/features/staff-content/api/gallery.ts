import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GalleryItem } from '@studio/shared/gallery';
import { staffApiRequest } from '../../../lib/staff-api.ts';

export const galleryItemsQueryOptions = () =>
  queryOptions({
    queryKey: ['gallery-items', 'staff'],
    queryFn: async ({ signal }): Promise<GalleryItem[]> =>
      (await staffApiRequest('listGalleryItems', { signal })).items,
  });

export function useGalleryItems() {
  return useQuery(galleryItemsQueryOptions());
}
