import { emptyObjectSchema } from '../ids.ts';
import { createJobBodySchema, jobResponseSchema } from '../job.ts';
import { route, type RouteDefinition } from './route.ts';

/** The routes of the `job-orders` group (one Lambda function). */
export const jobOrdersRoutes = {
  // A group of its own: the one job route that reads the client's uploads (S3), so the other job
  // routes' function carries no S3 client (docs/decisions/hardening.md, #19 bundle budget).
  createJob: route({
    method: 'POST',
    path: 'api/jobs',
    group: 'job-orders',
    access: ['CLIENT'],
    apiKey: 'jobs:write',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: createJobBodySchema,
    response: jobResponseSchema,
    // A replay with the same Idempotency-Key answers the same 201 and body (IETF draft).
    successStatus: 201,
  }),
} as const satisfies Record<string, RouteDefinition & { group: 'job-orders' }>;
