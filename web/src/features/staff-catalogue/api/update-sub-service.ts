import type { UpdateSubServiceBody } from '@studio/shared/catalog-admin';
import { pricingKey, servicesKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { catalogueKeys } from './query-keys.ts';

/** `PUT /api/subServices/updatesubservice/{id}`: every field; new images only when given. */
export function updateSubService({ id, body }: { id: string; body: UpdateSubServiceBody }) {
  return staffApiRequest('updateSubService', { params: { id }, body });
}

/** Refreshes the catalogue, and the public service pages and pricing page that list subservices. */
export const useUpdateSubService = () =>
  useInvalidatingMutation({
    mutationFn: updateSubService,
    invalidates: () => [catalogueKeys.services(), servicesKey, pricingKey],
  });
