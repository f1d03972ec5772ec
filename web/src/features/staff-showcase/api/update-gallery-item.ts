import type { UpdateGalleryItemBody } from '@studio/shared/showcase-admin';
import { galleryByServiceKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { showcaseKeys } from './query-keys.ts';

/** `PUT /api/gallary/{id}`: a new service or position moves the item (the others shift). */
export function updateGalleryItem({ id, body }: { id: string; body: UpdateGalleryItemBody }) {
  return staffApiRequest('updateGalleryItem', { params: { id }, body });
}

/** Refreshes the gallery list and the public portfolio that shows the items. */
export const useUpdateGalleryItem = () =>
  useInvalidatingMutation({
    mutationFn: updateGalleryItem,
    invalidates: () => [showcaseKeys.galleryItems(), galleryByServiceKey],
  });
