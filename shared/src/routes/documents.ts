import { creditNoteDocumentResponseSchema, creditNoteParamsSchema, creditNotesResponseSchema } from '../credit-note.ts';
import { emptyObjectSchema, idParamsSchema } from '../ids.ts';
import { invoiceResponseSchema } from '../invoice.ts';
import { route, type RouteDefinition } from './route.ts';

/** The routes of the `documents` group (one Lambda function). */
export const documentsRoutes = {
  getInvoice: route({
    method: 'GET',
    path: 'api/jobs/{id}/invoice',
    group: 'documents',
    access: ['CLIENT', 'SUPER_ADMIN', 'MANAGER'],
    apiKey: 'jobs:read',
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: invoiceResponseSchema,
  }),
  listCreditNotes: route({
    method: 'GET',
    path: 'api/jobs/{id}/credit-notes',
    group: 'documents',
    access: ['CLIENT', 'SUPER_ADMIN', 'MANAGER'],
    apiKey: 'jobs:read',
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: creditNotesResponseSchema,
  }),
  getCreditNote: route({
    method: 'GET',
    path: 'api/jobs/{id}/credit-notes/{number}',
    group: 'documents',
    access: ['CLIENT', 'SUPER_ADMIN', 'MANAGER'],
    apiKey: 'jobs:read',
    params: creditNoteParamsSchema,
    query: emptyObjectSchema,
    response: creditNoteDocumentResponseSchema,
  }),
} as const satisfies Record<string, RouteDefinition & { group: 'documents' }>;
