import { createGroupHandler } from '../lib/http.ts';
import { getPricingRoute } from './get-pricing.ts';

export const handler = createGroupHandler('pricing', { getPricing: getPricingRoute });
