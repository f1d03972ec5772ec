import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBody } from '@studio/shared/routes';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { jobKeys } from './query-keys.ts';
import { refreshQueries } from '../../../lib/use-invalidating-mutation.ts';

/** `PUT /api/jobs/{id}/assign`: gives an open job to an enabled editor. */
export function assignJob({ id, body }: { id: string; body: RouteBody<'assignJob'> }) {
  return staffApiRequest('assignJob', { params: { id }, body });
}

/**
 * The job leaves the unassigned lists, changes editor and status in every list, and joins the
 * editor's own jobs: every query holding jobs is refreshed (`jobKeys.jobs()`), not the editors.
 * Also after a refusal: a 409 says the job changed meanwhile, and the lists show how.
 */
export function useAssignJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignJob,
    onSettled: () => refreshQueries(queryClient, jobKeys.jobs()),
  });
}
