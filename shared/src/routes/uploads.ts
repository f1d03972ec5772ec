import { emptyObjectSchema } from '../ids.ts';
import { confirmPhotoBodySchema, confirmPhotoResponseSchema, uploadIdParamsSchema } from '../job-files.ts';
import { getUploadLinkQuerySchema, getUploadLinkResponseSchema } from '../upload.ts';
import { route, type RouteDefinition } from './route.ts';

/** The routes of the `uploads` group (one Lambda function). */
export const uploadsRoutes = {
  getUploadLink: route({
    method: 'GET',
    path: 'api/get-upload-link',
    group: 'uploads',
    access: ['CLIENT'],
    params: emptyObjectSchema,
    query: getUploadLinkQuerySchema,
    response: getUploadLinkResponseSchema,
  }),
  confirmPhoto: route({
    method: 'POST',
    path: 'api/uploads/{uploadId}/photos',
    group: 'uploads',
    access: ['CLIENT'],
    params: uploadIdParamsSchema,
    query: emptyObjectSchema,
    body: confirmPhotoBodySchema,
    response: confirmPhotoResponseSchema,
    successStatus: 201,
  }),
} as const satisfies Record<string, RouteDefinition & { group: 'uploads' }>;
