import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBody } from '@studio/shared/routes';
import type { Job } from '@studio/shared/job';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshQueries } from '../../../lib/use-invalidating-mutation.ts';

/** `PUT /api/jobs/{id}/payment`: records the chosen method and currency; the payment is then PENDING. */
export async function choosePayment(id: string, body: RouteBody<'choosePayment'>): Promise<Job> {
  const { job } = await apiRequest('choosePayment', { params: { id }, body });
  return job;
}

export function useChoosePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RouteBody<'choosePayment'> }) => choosePayment(id, body),
    onSuccess: (job) => {
      queryClient.setQueryData(['jobs', 'detail', job.id], job);
      return refreshQueries(queryClient, ['jobs', 'client']);
    },
  });
}
