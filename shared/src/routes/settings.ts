import { emptyObjectSchema } from '../ids.ts';
import { studioSettingsFieldsSchema, studioSettingsResponseSchema } from '../studio-settings.ts';
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
} as const satisfies Record<string, RouteDefinition & { group: 'settings' }>;
