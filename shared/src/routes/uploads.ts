import { emptyObjectSchema } from '../ids.ts';
import { jobDeliverers } from '../access.ts';
import {
  completeMultipartBodySchema,
  completeMultipartResponseSchema,
  confirmPhotoBatchBodySchema,
  confirmPhotoBatchResponseSchema,
  createUploadLinksBodySchema,
  createUploadLinksResponseSchema,
} from '../image-api.ts';
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
    apiKey: 'images:write',
    params: emptyObjectSchema,
    query: getUploadLinkQuerySchema,
    response: getUploadLinkResponseSchema,
  }),
  confirmPhoto: route({
    method: 'POST',
    path: 'api/uploads/{uploadId}/photos',
    group: 'uploads',
    access: ['CLIENT'],
    apiKey: 'images:write',
    params: uploadIdParamsSchema,
    query: emptyObjectSchema,
    body: confirmPhotoBodySchema,
    response: confirmPhotoResponseSchema,
    successStatus: 201,
  }),
  // Issue 33: a whole folder of photos in calls of 100 (links, then confirmations).
  createUploadLinks: route({
    method: 'POST',
    path: 'api/upload-links',
    group: 'uploads',
    access: ['CLIENT'],
    apiKey: 'images:write',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: createUploadLinksBodySchema,
    response: createUploadLinksResponseSchema,
  }),
  completeMultipartUpload: route({
    method: 'POST',
    path: 'api/upload-links/complete',
    group: 'uploads',
    // Clients for their photos, the job's staff for finished files (item rule on the key).
    access: ['CLIENT', ...jobDeliverers],
    apiKey: 'images:write',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: completeMultipartBodySchema,
    response: completeMultipartResponseSchema,
  }),
  confirmPhotoBatch: route({
    method: 'POST',
    path: 'api/uploads/{uploadId}/photos/batch',
    group: 'uploads',
    access: ['CLIENT'],
    apiKey: 'images:write',
    params: uploadIdParamsSchema,
    query: emptyObjectSchema,
    body: confirmPhotoBatchBodySchema,
    response: confirmPhotoBatchResponseSchema,
  }),
} as const satisfies Record<string, RouteDefinition & { group: 'uploads' }>;
