import type { CreateServiceBody } from '@studio/shared/catalog-admin';
import { pricingKey, servicesKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { catalogueKeys } from './query-keys.ts';

/** `POST /api/services`: a new service, placed last; answers it with 'Service added successfully!'. */
export function createService(body: CreateServiceBody) {
  return staffApiRequest('createService', { body });
}

/** Refreshes the catalogue, and the public services lists and pricing page that show the service. */
export const useCreateService = () =>
  useInvalidatingMutation({
    mutationFn: createService,
    invalidates: () => [catalogueKeys.services(), servicesKey, pricingKey],
  });
