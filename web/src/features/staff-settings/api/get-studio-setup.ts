import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { settingsKeys } from './query-keys.ts';

/** `GET /api/studio/setup` (SUPER_ADMIN, #40): what the studio has not set up yet. */
export function getStudioSetup({ signal }: { signal?: AbortSignal } = {}) {
  return staffApiRequest('getStudioSetup', { signal }).then((answer) => answer.items);
}

export const studioSetupQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.setup(),
    queryFn: ({ signal }) => getStudioSetup({ signal }),
    // Read again each time the dashboard opens: the owner comes back to it after setting something.
    staleTime: 0,
  });

export function useStudioSetup() {
  return useQuery(studioSetupQueryOptions());
}
