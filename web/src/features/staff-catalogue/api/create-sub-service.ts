import type { CreateSubServiceBody } from '@studio/shared/catalog-admin';
import { pricingKey, servicesKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { catalogueKeys } from './query-keys.ts';

/** A new subservice: its prices, and both images or none. */
export type NewSubService = CreateSubServiceBody & { beforeImage?: string; afterImage?: string };

/**
 * `POST /api/subServices/withPricesAndImages` when both images are given, else
 * `POST /api/subServices/withPrices`: answers 'SubService and prices created successfully'.
 */
export function createSubService({ beforeImage, afterImage, ...body }: NewSubService) {
  return beforeImage && afterImage
    ? staffApiRequest('createSubServiceWithPricesAndImages', { body: { ...body, beforeImage, afterImage } })
    : staffApiRequest('createSubServiceWithPrices', { body });
}

/** Refreshes the catalogue, and the public service pages and pricing page that list subservices. */
export const useCreateSubService = () =>
  useInvalidatingMutation({
    mutationFn: createSubService,
    invalidates: () => [catalogueKeys.services(), servicesKey, pricingKey],
  });
