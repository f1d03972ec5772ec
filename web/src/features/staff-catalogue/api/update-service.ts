import type { UpdateServiceBody } from '@studio/shared/catalog-admin';
import { galleryByServiceKey, pricingKey, servicesKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { catalogueKeys } from './query-keys.ts';

/** `PUT /api/services/{id}`: name, description and order; new images only when given. */
export function updateService({ id, body }: { id: string; body: UpdateServiceBody }) {
  return staffApiRequest('updateService', { params: { id }, body });
}

/**
 * Refreshes the catalogue, the public services lists and the service's page, the pricing page,
 * and the portfolio, whose sections are named and ordered by service.
 */
export const useUpdateService = () =>
  useInvalidatingMutation({
    mutationFn: updateService,
    invalidates: () => [catalogueKeys.services(), servicesKey, pricingKey, galleryByServiceKey],
  });
