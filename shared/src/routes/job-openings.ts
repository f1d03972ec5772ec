import { deletedResponseSchema } from '../catalog-admin.ts';
import {
  jobOpeningBodySchema,
  jobOpeningWriteResponseSchema,
  listAllJobOpeningsResponseSchema,
} from '../content-admin.ts';
import { emptyObjectSchema, idParamsSchema } from '../ids.ts';
import { listJobOpeningsResponseSchema } from '../job-opening.ts';
import { catalogCacheSeconds, route, type RouteDefinition } from './route.ts';

/** The routes of the `job-openings` group (one Lambda function). */
export const jobOpeningsRoutes = {
  listJobOpenings: route({
    method: 'GET',
    path: 'api/job-openings',
    group: 'job-openings',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listJobOpeningsResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  listAllJobOpenings: route({
    method: 'GET',
    path: 'api/job-openings/all',
    group: 'job-openings',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listAllJobOpeningsResponseSchema,
  }),
  createJobOpening: route({
    method: 'POST',
    path: 'api/job-openings',
    group: 'job-openings',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: jobOpeningBodySchema,
    response: jobOpeningWriteResponseSchema,
    successStatus: 201,
  }),
  updateJobOpening: route({
    method: 'PUT',
    path: 'api/job-openings/{id}',
    group: 'job-openings',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: jobOpeningBodySchema,
    response: jobOpeningWriteResponseSchema,
  }),
  deleteJobOpening: route({
    method: 'DELETE',
    path: 'api/job-openings/{id}',
    group: 'job-openings',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: deletedResponseSchema,
  }),
} as const satisfies Record<string, RouteDefinition & { group: 'job-openings' }>;
