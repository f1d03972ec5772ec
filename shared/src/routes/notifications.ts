import { emptyObjectSchema } from '../ids.ts';
import {
  listUndeliveredEmailsResponseSchema,
  notificationPreferencesResponseSchema,
  updateNotificationPreferencesBodySchema,
} from '../notifications.ts';
import { route, type RouteDefinition } from './route.ts';

/** The routes of the `notifications` group (one Lambda function). */
export const notificationsRoutes = {
  // Notifications (issue 18): each signed-in person's e-mail switches, and the e-mails staff must
  // know were not delivered. See docs/access.md.
  getNotificationPreferences: route({
    method: 'GET',
    path: 'api/notification-preferences',
    group: 'notifications',
    access: ['CLIENT', 'SUPER_ADMIN', 'MANAGER', 'EDITOR'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: notificationPreferencesResponseSchema,
  }),
  updateNotificationPreferences: route({
    method: 'PUT',
    path: 'api/notification-preferences',
    group: 'notifications',
    access: ['CLIENT', 'SUPER_ADMIN', 'MANAGER', 'EDITOR'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: updateNotificationPreferencesBodySchema,
    response: notificationPreferencesResponseSchema,
  }),
  listUndeliveredEmails: route({
    method: 'GET',
    path: 'api/notifications/undelivered',
    group: 'notifications',
    access: ['SUPER_ADMIN', 'MANAGER'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listUndeliveredEmailsResponseSchema,
  }),
} as const satisfies Record<string, RouteDefinition & { group: 'notifications' }>;
