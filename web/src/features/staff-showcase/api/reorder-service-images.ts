import { serviceImagesOfKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { showcaseKeys } from './query-keys.ts';

/** `PUT /api/carousal/reorder`: every image of the service with its new position, from 1. */
export function reorderServiceImages({ serviceId, ids }: { serviceId: string; ids: readonly string[] }) {
  return staffApiRequest('reorderServiceImages', {
    body: { serviceId, imageOrders: ids.map((id, index) => ({ id, order: index + 1 })) },
  });
}

/** Reads the service's images again after a reorder, whether it worked or not (spec §4). */
export const useReorderServiceImages = () =>
  useInvalidatingMutation({
    mutationFn: reorderServiceImages,
    invalidates: ({ serviceId }) => [showcaseKeys.serviceImagesOf(serviceId), serviceImagesOfKey(serviceId)],
    alsoOnFailure: true,
  });
