import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Job } from '@studio/shared/job';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshQueries } from '../../../lib/use-invalidating-mutation.ts';

/** `PUT /api/jobs/{id}/approve` (#17): the client accepts the delivery; the job is COMPLETED. */
export async function approveJob(id: string): Promise<Job> {
  const { job } = await apiRequest('approveJob', { params: { id } });
  return job;
}

/** Every client query of jobs (lists, the job, its timeline and rounds) is read again after a change. */
export const clientJobsKey = ['jobs'] as const;

export function useApproveJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveJob,
    // Also after a refusal: a 409 means the job moved meanwhile, and the page should show how.
    onSettled: () => refreshQueries(queryClient, clientJobsKey),
  });
}
