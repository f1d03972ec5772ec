import { emptyObjectSchema } from '../ids.ts';
import { pricingResponseSchema } from '../pricing.ts';
import { catalogCacheSeconds, route, type RouteDefinition } from './route.ts';

/** The routes of the `pricing` group (one Lambda function). */
export const pricingRoutes = {
  getPricing: route({
    method: 'GET',
    path: 'api/pricing',
    group: 'pricing',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: pricingResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
} as const satisfies Record<string, RouteDefinition & { group: 'pricing' }>;
