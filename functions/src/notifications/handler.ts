import { notificationsRoutes } from '@studio/shared/routes/notifications';
import { createGroupHandler } from '../lib/http.ts';
import { listUndeliveredRoute } from './list-undelivered.ts';
import { getPreferencesRoute, updatePreferencesRoute } from './preferences.ts';

export const handler = createGroupHandler(notificationsRoutes, {
  getNotificationPreferences: getPreferencesRoute,
  updateNotificationPreferences: updatePreferencesRoute,
  listUndeliveredEmails: listUndeliveredRoute,
});
