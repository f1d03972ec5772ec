import * as z from 'zod/mini';
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

/** `GET api/openapi.json`: an OpenAPI 3.1 document (its parts checked by a validator in the tests). */
const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

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
  // The API's OpenAPI 3.1 document (#36): the client routes of this table, generated from it.
  getOpenApiDocument: route({
    method: 'GET',
    path: 'api/openapi.json',
    group: 'services',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: openApiDocumentSchema,
    cacheSeconds: 300,
  }),
} as const satisfies Record<string, RouteDefinition & { group: 'services' }>;
