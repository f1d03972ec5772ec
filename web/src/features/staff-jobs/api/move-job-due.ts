import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBody } from '@studio/shared/routes';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { jobKeys } from './query-keys.ts';
import { refreshQueries } from '../../../lib/use-invalidating-mutation.ts';

/** `PUT /api/jobs/{id}/due` (manager, super-admin, #17): a new due time and why. */
export function moveJobDue({ id, body }: { id: string; body: RouteBody<'moveJobDue'> }) {
  return staffApiRequest('moveJobDue', { params: { id }, body });
}

/** The job's due time changes in every list it is in (also after a refusal: the lists show why). */
export function useMoveJobDue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveJobDue,
    onSettled: () => refreshQueries(queryClient, jobKeys.jobs()),
  });
}
