import {
  createServiceBodySchema,
  deletedResponseSchema,
  serviceWriteResponseSchema,
  updatePricingRulesBodySchema,
  updateServiceBodySchema,
} from '../catalog-admin.ts';
import { emptyObjectSchema, idParamsSchema } from '../ids.ts';
import { getServiceResponseSchema, listServicesResponseSchema } from '../service.ts';
import { catalogCacheSeconds, route, type RouteDefinition } from './route.ts';

/** The routes of the `services` group (one Lambda function). */
export const servicesRoutes = {
  listServices: route({
    method: 'GET',
    path: 'api/services',
    group: 'services',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listServicesResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  getService: route({
    method: 'GET',
    path: 'api/services/{id}',
    group: 'services',
    access: 'public',
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: getServiceResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  createService: route({
    method: 'POST',
    path: 'api/services',
    group: 'services',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: createServiceBodySchema,
    response: serviceWriteResponseSchema,
    successStatus: 201,
  }),
  updateService: route({
    method: 'PUT',
    path: 'api/services/{id}',
    group: 'services',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: updateServiceBodySchema,
    response: serviceWriteResponseSchema,
  }),
  // Issue 17: a service's turnarounds and volume tiers (docs/access.md).
  updatePricingRules: route({
    method: 'PUT',
    path: 'api/services/{id}/pricing-rules',
    group: 'services',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: updatePricingRulesBodySchema,
    response: serviceWriteResponseSchema,
  }),
  deleteService: route({
    method: 'DELETE',
    path: 'api/services/{id}',
    group: 'services',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: deletedResponseSchema,
  }),
} as const satisfies Record<string, RouteDefinition & { group: 'services' }>;
