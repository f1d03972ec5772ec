import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBody } from '@studio/shared/routes';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { jobKeys } from './query-keys.ts';
import { refreshQueries } from '../../../lib/use-invalidating-mutation.ts';

/** `PUT /api/jobs/{id}` (manager, super-admin): progress, instructions, the client's link, or cancellation. */
export function updateJob({ id, body }: { id: string; body: RouteBody<'updateJob'> }) {
  return staffApiRequest('updateJob', { params: { id }, body });
}

/**
 * The job changes in every list it is in (a cancelled one also leaves the unassigned list). Also
 * after a refusal: a 409 says the job changed meanwhile, and the lists show how.
 */
export function useUpdateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJob,
    onSettled: () => refreshQueries(queryClient, jobKeys.jobs()),
  });
}
