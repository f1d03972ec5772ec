import { pricingKey, servicesKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { catalogueKeys } from './query-keys.ts';

/** `DELETE /api/subServices/delete/{id}`: answers 'SubService deleted successfully'. */
export function deleteSubService(id: string) {
  return staffApiRequest('deleteSubService', { params: { id } });
}

/** Refreshes the catalogue, and the public service pages and pricing page that list subservices. */
export const useDeleteSubService = () =>
  useInvalidatingMutation({
    mutationFn: deleteSubService,
    invalidates: () => [catalogueKeys.services(), servicesKey, pricingKey],
  });
