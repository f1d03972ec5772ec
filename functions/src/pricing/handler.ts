import { pricingRoutes } from '@studio/shared/routes/pricing';
import { createGroupHandler } from '../lib/http.ts';
import { getPricingRoute } from './get-pricing.ts';

export const handler = createGroupHandler(pricingRoutes, { getPricing: getPricingRoute });
