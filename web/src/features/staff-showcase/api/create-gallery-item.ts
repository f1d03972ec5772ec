import type { CreateGalleryItemBody } from '@studio/shared/showcase-admin';
import { galleryByServiceKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { showcaseKeys } from './query-keys.ts';

/** `POST /api/gallary/new-item`: at `displayOrder` (the others move down), or last without one. */
export function createGalleryItem(body: CreateGalleryItemBody) {
  return staffApiRequest('createGalleryItem', { body });
}

/** Refreshes the gallery list and the public portfolio that shows the items. */
export const useCreateGalleryItem = () =>
  useInvalidatingMutation({
    mutationFn: createGalleryItem,
    invalidates: () => [showcaseKeys.galleryItems(), galleryByServiceKey],
  });
