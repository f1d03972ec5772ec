import { listContactLeadsResponseSchema, listLeadsQuerySchema } from '../content-admin.ts';
import { emptyObjectSchema } from '../ids.ts';
import { createContactLeadBodySchema, createContactLeadResponseSchema } from '../lead.ts';
import { route, type RouteDefinition } from './route.ts';

/** The routes of the `contact` group (one Lambda function). */
export const contactRoutes = {
  createContactLead: route({
    method: 'POST',
    path: 'api/contact/addnew',
    group: 'contact',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: createContactLeadBodySchema,
    response: createContactLeadResponseSchema,
    successStatus: 201,
  }),
  listContactLeads: route({
    method: 'GET',
    path: 'api/contact/all-leads',
    group: 'contact',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: listLeadsQuerySchema,
    response: listContactLeadsResponseSchema,
  }),
} as const satisfies Record<string, RouteDefinition & { group: 'contact' }>;
