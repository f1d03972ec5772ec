import {
  createSubServiceBodySchema,
  createSubServiceWithImagesBodySchema,
  deletedResponseSchema,
  subServiceWriteResponseSchema,
  updateSubServiceBodySchema,
} from '../catalog-admin.ts';
import { emptyObjectSchema, idParamsSchema } from '../ids.ts';
import { listSubServicesQuerySchema, listSubServicesResponseSchema } from '../service.ts';
import { catalogCacheSeconds, route, type RouteDefinition } from './route.ts';

/** The routes of the `subservices` group (one Lambda function). */
export const subservicesRoutes = {
  listSubServices: route({
    method: 'GET',
    path: 'api/subservices',
    group: 'subservices',
    access: 'public',
    params: emptyObjectSchema,
    query: listSubServicesQuerySchema,
    response: listSubServicesResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  listSubServicesOfService: route({
    method: 'GET',
    path: 'api/subServices/service/{id}',
    group: 'subservices',
    access: 'public',
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: listSubServicesResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  createSubServiceWithPrices: route({
    method: 'POST',
    path: 'api/subServices/withPrices',
    group: 'subservices',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: createSubServiceBodySchema,
    response: subServiceWriteResponseSchema,
    successStatus: 201,
  }),
  createSubServiceWithPricesAndImages: route({
    method: 'POST',
    path: 'api/subServices/withPricesAndImages',
    group: 'subservices',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: createSubServiceWithImagesBodySchema,
    response: subServiceWriteResponseSchema,
    successStatus: 201,
  }),
  updateSubService: route({
    method: 'PUT',
    path: 'api/subServices/updatesubservice/{id}',
    group: 'subservices',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: updateSubServiceBodySchema,
    response: subServiceWriteResponseSchema,
  }),
  deleteSubService: route({
    method: 'DELETE',
    path: 'api/subServices/delete/{id}',
    group: 'subservices',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: deletedResponseSchema,
  }),
} as const satisfies Record<string, RouteDefinition & { group: 'subservices' }>;
