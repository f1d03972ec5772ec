import { galleryByServiceKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { showcaseKeys } from './query-keys.ts';

/** `DELETE /api/gallary/{id}`: the items after it move up one place. */
export function deleteGalleryItem(id: string) {
  return staffApiRequest('deleteGalleryItem', { params: { id } });
}

/** Refreshes the gallery list and the public portfolio that shows the items. */
export const useDeleteGalleryItem = () =>
  useInvalidatingMutation({
    mutationFn: deleteGalleryItem,
    invalidates: () => [showcaseKeys.galleryItems(), galleryByServiceKey],
  });
