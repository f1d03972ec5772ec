import {
  listCarouselServicesResponseSchema,
  listServiceImagesQuerySchema,
  listServiceImagesResponseSchema,
} from '../carousel.ts';
import { emptyObjectSchema, idParamsSchema } from '../ids.ts';
import {
  bulkDeleteServiceImagesBodySchema,
  bulkInsertServiceImagesBodySchema,
  reorderServiceImagesBodySchema,
  serviceImagesWriteResponseSchema,
} from '../showcase-admin.ts';
import { catalogCacheSeconds, route, type RouteDefinition } from './route.ts';

/** The routes of the `carousel` group (one Lambda function). */
export const carouselRoutes = {
  listCarouselServices: route({
    method: 'GET',
    path: 'api/carousal/services',
    group: 'carousel',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listCarouselServicesResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  listServiceImages: route({
    method: 'GET',
    path: 'api/carousal/service/{id}',
    group: 'carousel',
    access: 'public',
    params: idParamsSchema,
    query: listServiceImagesQuerySchema,
    response: listServiceImagesResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  bulkInsertServiceImages: route({
    method: 'POST',
    path: 'api/carousal/bulk-insert',
    group: 'carousel',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: bulkInsertServiceImagesBodySchema,
    response: serviceImagesWriteResponseSchema,
    successStatus: 201,
  }),
  bulkDeleteServiceImages: route({
    method: 'DELETE',
    path: 'api/carousal/bulk-delete',
    group: 'carousel',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: bulkDeleteServiceImagesBodySchema,
    response: serviceImagesWriteResponseSchema,
  }),
  reorderServiceImages: route({
    method: 'PUT',
    path: 'api/carousal/reorder',
    group: 'carousel',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: reorderServiceImagesBodySchema,
    response: serviceImagesWriteResponseSchema,
  }),
} as const satisfies Record<string, RouteDefinition & { group: 'carousel' }>;
