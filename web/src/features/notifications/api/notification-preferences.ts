import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreference, UpdateNotificationPreferencesBody } from '@studio/shared/notifications';
import { apiRequest } from '../../../lib/api-client.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { emailKeys, type Audience } from './query-keys.ts';

/*
 * `GET` / `PUT /api/notification-preferences`: the caller's e-mails, essential ones first. The
 * client portal calls them with the client's token, the staff console with the staff token.
 */

export async function getNotificationPreferences(
  audience: Audience,
  { signal }: { signal?: AbortSignal } = {},
): Promise<NotificationPreference[]> {
  const request = audience === 'staff' ? staffApiRequest : apiRequest;
  const { preferences } = await request('getNotificationPreferences', { signal });
  return preferences;
}

export async function updateNotificationPreferences(
  audience: Audience,
  body: UpdateNotificationPreferencesBody,
): Promise<NotificationPreference[]> {
  const request = audience === 'staff' ? staffApiRequest : apiRequest;
  const { preferences } = await request('updateNotificationPreferences', { body });
  return preferences;
}

export const notificationPreferencesOptions = (audience: Audience) =>
  queryOptions({
    queryKey: emailKeys.preferences(audience),
    queryFn: ({ signal }) => getNotificationPreferences(audience, { signal }),
  });

export function useNotificationPreferences(audience: Audience) {
  return useQuery(notificationPreferencesOptions(audience));
}

/** Saves the switches; the answer is the new settings, put straight into the query. */
export function useUpdateNotificationPreferences(audience: Audience) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationPreferencesBody) => updateNotificationPreferences(audience, body),
    onSuccess: (preferences) => queryClient.setQueryData(emailKeys.preferences(audience), preferences),
  });
}
