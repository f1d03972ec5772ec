import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Job } from '@studio/shared/job';
import { apiRequest } from '../../../lib/api-client.ts';
import { clientJobsKey } from './approve-job.ts';
import { refreshQueries } from '../../../lib/use-invalidating-mutation.ts';

/** `POST /api/jobs/{id}/cancel` (#17): the client cancels a job nobody started and nobody paid. */
export async function cancelJob(id: string): Promise<Job> {
  const { job } = await apiRequest('cancelJob', { params: { id } });
  return job;
}

export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelJob,
    onSettled: () => refreshQueries(queryClient, clientJobsKey),
  });
}
