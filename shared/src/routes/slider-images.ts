import { deletedResponseSchema } from '../catalog-admin.ts';
import {
  createSliderImageBodySchema,
  reorderBodySchema,
  sliderImagesResponseSchema,
  sliderImageWriteResponseSchema,
} from '../content-admin.ts';
import { emptyObjectSchema, idParamsSchema } from '../ids.ts';
import { listSliderImagesResponseSchema } from '../slider-image.ts';
import { catalogCacheSeconds, route, type RouteDefinition } from './route.ts';

/** The routes of the `slider-images` group (one Lambda function). */
export const sliderImagesRoutes = {
  listSliderImages: route({
    method: 'GET',
    path: 'api/slider-images',
    group: 'slider-images',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listSliderImagesResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  createSliderImage: route({
    method: 'POST',
    path: 'api/slider-images',
    group: 'slider-images',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: createSliderImageBodySchema,
    response: sliderImageWriteResponseSchema,
    successStatus: 201,
  }),
  deleteSliderImage: route({
    method: 'DELETE',
    path: 'api/slider-images/{id}',
    group: 'slider-images',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: deletedResponseSchema,
  }),
  reorderSliderImages: route({
    method: 'PUT',
    path: 'api/slider-images/order',
    group: 'slider-images',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: reorderBodySchema,
    response: sliderImagesResponseSchema,
  }),
} as const satisfies Record<string, RouteDefinition & { group: 'slider-images' }>;
