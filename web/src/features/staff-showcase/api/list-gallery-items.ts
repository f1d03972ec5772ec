import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GalleryItem } from '@studio/shared/gallery';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { showcaseKeys } from './query-keys.ts';

/**
 * `GET /api/gallary/all-items`: every gallery item, grouped by service in display order. The
 * route answers the whole gallery (at most 95 items a service); it neither pages nor filters.
 */
export async function listGalleryItems({ signal }: { signal?: AbortSignal } = {}): Promise<GalleryItem[]> {
  return (await staffApiRequest('listGalleryItems', { signal })).items;
}

export const galleryItemsQueryOptions = () =>
  queryOptions({
    queryKey: showcaseKeys.galleryItems(),
    queryFn: ({ signal }) => listGalleryItems({ signal }),
    // Other staff change the gallery too, and deleting a service removes its items.
    staleTime: 0,
  });

export function useGalleryItems() {
  return useQuery(galleryItemsQueryOptions());
}
