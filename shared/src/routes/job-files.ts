import { emptyObjectSchema, idParamsSchema } from '../ids.ts';
import {
  archiveParamsSchema,
  archiveResponseSchema,
  confirmDeliverableBodySchema,
  confirmDeliverableResponseSchema,
  createDeliverableUploadLinkBodySchema,
  createDeliverableUploadLinkResponseSchema,
  listDeliverablesResponseSchema,
  listJobFilesQuerySchema,
  listJobPhotosResponseSchema,
} from '../job-files.ts';
import { listRevisionRequestsResponseSchema } from '../job-lifecycle.ts';
import { jobDeliverers, jobFileReaders } from '../access.ts';
import { route, type RouteDefinition } from './route.ts';

/** The routes of the `job-files` group (one Lambda function). */
export const jobFilesRoutes = {
  listJobPhotos: route({
    method: 'GET',
    path: 'api/jobs/{id}/photos',
    group: 'job-files',
    access: jobFileReaders,
    apiKey: 'jobs:read',
    params: idParamsSchema,
    query: listJobFilesQuerySchema,
    response: listJobPhotosResponseSchema,
  }),
  createDeliverableUploadLink: route({
    method: 'POST',
    path: 'api/jobs/{id}/deliverables/upload-link',
    group: 'job-files',
    access: jobDeliverers,
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: createDeliverableUploadLinkBodySchema,
    response: createDeliverableUploadLinkResponseSchema,
  }),
  confirmDeliverable: route({
    method: 'POST',
    path: 'api/jobs/{id}/deliverables',
    group: 'job-files',
    access: jobDeliverers,
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: confirmDeliverableBodySchema,
    response: confirmDeliverableResponseSchema,
    successStatus: 201,
  }),
  listDeliverables: route({
    method: 'GET',
    path: 'api/jobs/{id}/deliverables',
    group: 'job-files',
    access: jobFileReaders,
    apiKey: 'jobs:read',
    params: idParamsSchema,
    query: listJobFilesQuerySchema,
    response: listDeliverablesResponseSchema,
  }),
  requestArchive: route({
    method: 'POST',
    path: 'api/jobs/{id}/archives/{set}',
    group: 'job-files',
    access: jobFileReaders,
    apiKey: 'jobs:read',
    params: archiveParamsSchema,
    query: emptyObjectSchema,
    response: archiveResponseSchema,
  }),
  getArchive: route({
    method: 'GET',
    path: 'api/jobs/{id}/archives/{set}',
    group: 'job-files',
    access: jobFileReaders,
    apiKey: 'jobs:read',
    params: archiveParamsSchema,
    query: emptyObjectSchema,
    response: archiveResponseSchema,
  }),
  listRevisionRequests: route({
    method: 'GET',
    path: 'api/jobs/{id}/revision-requests',
    // Its reference images are signed S3 links, as the job's photos are.
    group: 'job-files',
    access: jobFileReaders,
    apiKey: 'jobs:read',
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: listRevisionRequestsResponseSchema,
  }),
} as const satisfies Record<string, RouteDefinition & { group: 'job-files' }>;
