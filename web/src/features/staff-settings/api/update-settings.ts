import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBody } from '@studio/shared/routes';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { settingsKeys } from './query-keys.ts';
import { refreshQueries } from '../../../lib/use-invalidating-mutation.ts';

/** `PUT /api/settings` (SUPER_ADMIN): replaces every setting; the page shows what was saved. */
export function useUpdateStudioSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'updateSettings'>) =>
      staffApiRequest('updateSettings', { body }).then((answer) => answer.settings),
    onSuccess: async (settings) => {
      queryClient.setQueryData(settingsKeys.studio(), settings);
      // The owner's checklist reads the same settings: an item it listed may be done now.
      await refreshQueries(queryClient, settingsKeys.setup());
    },
  });
}
