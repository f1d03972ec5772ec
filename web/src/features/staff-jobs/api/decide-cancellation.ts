import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBody } from '@studio/shared/routes';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { jobKeys } from './query-keys.ts';
import { refreshQueries } from '../../../lib/use-invalidating-mutation.ts';

/** `PUT /api/jobs/{id}/cancellation-request` (#17, manager, super-admin): accept (cancels) or decline. */
export function decideCancellation({ id, body }: { id: string; body: RouteBody<'decideCancellation'> }) {
  return staffApiRequest('decideCancellation', { params: { id }, body });
}

export function useDecideCancellation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideCancellation,
    onSettled: () => refreshQueries(queryClient, jobKeys.jobs()),
  });
}
