import { deletedResponseSchema } from '../catalog-admin.ts';
import {
  listGalleryByServiceResponseSchema,
  listGalleryItemsResponseSchema,
  listGalleryServicesResponseSchema,
} from '../gallery.ts';
import { emptyObjectSchema, idParamsSchema } from '../ids.ts';
import {
  createGalleryItemBodySchema,
  galleryItemWriteResponseSchema,
  updateGalleryItemBodySchema,
} from '../showcase-admin.ts';
import { catalogCacheSeconds, route, type RouteDefinition } from './route.ts';

/** The routes of the `gallery` group (one Lambda function). */
export const galleryRoutes = {
  listGalleryServices: route({
    method: 'GET',
    path: 'api/gallary/all-services',
    group: 'gallery',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listGalleryServicesResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  listGalleryItems: route({
    method: 'GET',
    path: 'api/gallary/all-items',
    group: 'gallery',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listGalleryItemsResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  listGalleryByService: route({
    method: 'GET',
    path: 'api/gallary/all-items2',
    group: 'gallery',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listGalleryByServiceResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  createGalleryItem: route({
    method: 'POST',
    path: 'api/gallary/new-item',
    group: 'gallery',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: createGalleryItemBodySchema,
    response: galleryItemWriteResponseSchema,
    successStatus: 201,
  }),
  updateGalleryItem: route({
    method: 'PUT',
    path: 'api/gallary/{id}',
    group: 'gallery',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: updateGalleryItemBodySchema,
    response: galleryItemWriteResponseSchema,
  }),
  deleteGalleryItem: route({
    method: 'DELETE',
    path: 'api/gallary/{id}',
    group: 'gallery',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: deletedResponseSchema,
  }),
} as const satisfies Record<string, RouteDefinition & { group: 'gallery' }>;
