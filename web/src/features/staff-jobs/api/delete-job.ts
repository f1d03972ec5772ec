import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { jobKeys } from './query-keys.ts';
import { refreshQueries } from '../../../lib/use-invalidating-mutation.ts';

/** `DELETE /api/jobs/{id}` (super-admin): a cancelled job only. */
export function deleteJob(id: string) {
  return staffApiRequest('deleteJob', { params: { id } });
}

/**
 * A cancelled job is only in the lists of all jobs (never unassigned), and perhaps in its editor's
 * list, which a super-admin never reads: the lists are what changes.
 */
export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJob,
    onSuccess: () => refreshQueries(queryClient, jobKeys.lists()),
  });
}
