import { galleryByServiceKey, pricingKey, serviceImagesOfKey, servicesKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { catalogueKeys } from './query-keys.ts';

/**
 * `DELETE /api/services/{id}`: the service with its subservices, gallery items and images; refused
 * (409) while client jobs refer to it.
 */
export function deleteService(id: string) {
  return staffApiRequest('deleteService', { params: { id } });
}

/** Refreshes the catalogue and every public read the service and what went with it showed in. */
export const useDeleteService = () =>
  useInvalidatingMutation({
    mutationFn: deleteService,
    invalidates: (id) => [
      catalogueKeys.services(),
      servicesKey,
      pricingKey,
      galleryByServiceKey,
      serviceImagesOfKey(id),
    ],
  });
