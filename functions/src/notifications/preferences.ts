import {
  essentialNotificationsFor,
  notificationPreferencesFor,
  optionalNotificationsFor,
  type NotificationKey,
} from '@studio/shared/notifications';
import { getTurnedOff, setTurnedOff } from '../data/notification-preferences.ts';
import { BadRequestError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';

/*
 * `GET` / `PUT api/notification-preferences`: the e-mails the caller's role receives, essential
 * ones (always sent, shown for information) first, then the ones they may switch off.
 */

export const getPreferencesRoute: RouteImpl<'getNotificationPreferences'> = async ({ caller }) => {
  return { preferences: notificationPreferencesFor(caller!.principal, await getTurnedOff(caller!.userId)) };
};

export const updatePreferencesRoute: RouteImpl<'updateNotificationPreferences'> = async ({ body, caller }) => {
  const { principal, userId } = caller!;
  const optional = optionalNotificationsFor(principal);
  const essential = essentialNotificationsFor(principal);
  const issues: { path: string; message: string }[] = [];
  for (const [key, enabled] of Object.entries(body.preferences) as [NotificationKey, boolean][]) {
    if (essential.includes(key)) {
      if (!enabled) issues.push({ path: `body.preferences.${key}`, message: 'This e-mail is always sent.' });
    } else if (!optional.includes(key)) {
      issues.push({ path: `body.preferences.${key}`, message: 'You do not receive this e-mail.' });
    }
  }
  if (issues.length > 0) throw new BadRequestError('The request is not valid.', issues);
  const off = await getTurnedOff(userId);
  for (const key of optional) {
    const enabled = body.preferences[key];
    if (enabled === true) off.delete(key);
    if (enabled === false) off.add(key);
  }
  // Keys no longer offered to this role (a client who became staff) are dropped on save.
  const kept = [...off].filter((key) => optional.includes(key));
  await setTurnedOff(userId, kept);
  return { preferences: notificationPreferencesFor(principal, new Set(kept)) };
};
