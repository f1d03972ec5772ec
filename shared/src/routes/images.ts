import {
  confirmImageBodySchema,
  confirmImageResponseSchema,
  createImageUploadLinkBodySchema,
  createImageUploadLinkResponseSchema,
} from '../catalog-admin.ts';
import { emptyObjectSchema } from '../ids.ts';
import { route, type RouteDefinition } from './route.ts';

/** The routes of the `images` group (one Lambda function). */
export const imagesRoutes = {
  createImageUploadLink: route({
    method: 'POST',
    path: 'api/images/upload-link',
    group: 'images',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: createImageUploadLinkBodySchema,
    response: createImageUploadLinkResponseSchema,
  }),
  confirmImage: route({
    method: 'POST',
    path: 'api/images',
    group: 'images',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: confirmImageBodySchema,
    response: confirmImageResponseSchema,
    successStatus: 201,
  }),
} as const satisfies Record<string, RouteDefinition & { group: 'images' }>;
