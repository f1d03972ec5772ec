import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Job } from '@studio/shared/job';
import type { RouteBody } from '@studio/shared/routes';
import { apiRequest } from '../../../lib/api-client.ts';
import { clientJobsKey } from './approve-job.ts';
import { refreshQueries } from '../../../lib/use-invalidating-mutation.ts';

/** `POST /api/jobs/{id}/cancellation-request` (#17): asks the studio to cancel a paid or started job. */
export async function requestCancellation(id: string, body: RouteBody<'requestCancellation'>): Promise<Job> {
  const { job } = await apiRequest('requestCancellation', { params: { id }, body });
  return job;
}

export function useRequestCancellation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RouteBody<'requestCancellation'> }) => requestCancellation(id, body),
    onSettled: () => refreshQueries(queryClient, clientJobsKey),
  });
}
