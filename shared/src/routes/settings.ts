import { emptyObjectSchema } from '../ids.ts';
import {
  paymentTermsResponseSchema,
  studioSettingsFieldsSchema,
  studioSettingsResponseSchema,
  studioTimeZoneResponseSchema,
} from '../studio-settings.ts';
import { route, type RouteDefinition } from './route.ts';

/** The routes of the `settings` group (one Lambda function). */
export const settingsRoutes = {
  getSettings: route({
    method: 'GET',
    path: 'api/settings',
    group: 'settings',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: studioSettingsResponseSchema,
  }),
  updateSettings: route({
    method: 'PUT',
    path: 'api/settings',
    group: 'settings',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: studioSettingsFieldsSchema,
    response: studioSettingsResponseSchema,
  }),
  // #40: when payment is due, for the quote and payment pages.
  getPaymentTerms: route({
    method: 'GET',
    path: 'api/settings/payment-terms',
    group: 'settings',
    access: ['CLIENT', 'SUPER_ADMIN', 'MANAGER'],
    apiKey: 'jobs:read',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: paymentTermsResponseSchema,
  }),
  // #40: the time zone the staff boards show dates and times in.
  getStudioTimeZone: route({
    method: 'GET',
    path: 'api/settings/time-zone',
    group: 'settings',
    access: ['CLIENT', 'SUPER_ADMIN', 'MANAGER', 'EDITOR'],
    apiKey: 'jobs:read',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: studioTimeZoneResponseSchema,
  }),
} as const satisfies Record<string, RouteDefinition & { group: 'settings' }>;
