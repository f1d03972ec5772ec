import { listFreeTrialLeadsResponseSchema, listLeadsQuerySchema } from '../content-admin.ts';
import { emptyObjectSchema } from '../ids.ts';
import { createFreeTrialLeadBodySchema, createFreeTrialLeadResponseSchema } from '../lead.ts';
import { route, type RouteDefinition } from './route.ts';

/** The routes of the `free-trial-leads` group (one Lambda function). */
export const freeTrialLeadsRoutes = {
  createFreeTrialLead: route({
    method: 'POST',
    path: 'api/free-trial-leads',
    group: 'free-trial-leads',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: createFreeTrialLeadBodySchema,
    response: createFreeTrialLeadResponseSchema,
    successStatus: 201,
  }),
  listFreeTrialLeads: route({
    method: 'GET',
    path: 'api/free-trial-leads/all',
    group: 'free-trial-leads',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: listLeadsQuerySchema,
    response: listFreeTrialLeadsResponseSchema,
  }),
} as const satisfies Record<string, RouteDefinition & { group: 'free-trial-leads' }>;
