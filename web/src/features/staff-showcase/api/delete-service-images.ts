import type { BulkDeleteServiceImagesBody } from '@studio/shared/showcase-admin';
import { serviceImagesOfKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { showcaseKeys } from './query-keys.ts';

/** `DELETE /api/carousal/bulk-delete`: the chosen images of one service; the rest close up. */
export function deleteServiceImages(body: BulkDeleteServiceImagesBody) {
  return staffApiRequest('bulkDeleteServiceImages', { body });
}

/** Refreshes the service's images here and in its public gallery, also after a failure (some may be gone). */
export const useDeleteServiceImages = () =>
  useInvalidatingMutation({
    mutationFn: deleteServiceImages,
    invalidates: ({ serviceId }) => [showcaseKeys.serviceImagesOf(serviceId), serviceImagesOfKey(serviceId)],
    alsoOnFailure: true,
  });
