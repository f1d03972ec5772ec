import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { settingsKeys } from './query-keys.ts';

/** `GET /api/settings` (SUPER_ADMIN): the studio's legal and bank details, VAT rate, release of files. */
export function getStudioSettings({ signal }: { signal?: AbortSignal } = {}) {
  return staffApiRequest('getSettings', { signal }).then((answer) => answer.settings);
}

export const studioSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.studio(),
    queryFn: ({ signal }) => getStudioSettings({ signal }),
    staleTime: 0,
  });

export function useStudioSettings() {
  return useQuery(studioSettingsQueryOptions());
}
