import type { UpdatePricingRulesBody } from '@studio/shared/catalog-admin';
import { pricingKey, servicesKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { catalogueKeys } from './query-keys.ts';

/** `PUT /api/services/{id}/pricing-rules` (#17): the service's turnarounds and volume tiers. */
export function updatePricingRules({ id, body }: { id: string; body: UpdatePricingRulesBody }) {
  return staffApiRequest('updatePricingRules', { params: { id }, body });
}

/** Refreshes the catalogue and the public services lists (the quote page reads them). */
export const useUpdatePricingRules = () =>
  useInvalidatingMutation({
    mutationFn: updatePricingRules,
    invalidates: () => [catalogueKeys.services(), servicesKey, pricingKey],
  });
