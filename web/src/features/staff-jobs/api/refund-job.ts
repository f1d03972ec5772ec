import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBody } from '@studio/shared/routes';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { jobKeys } from './query-keys.ts';
import { refreshQueries } from '../../../lib/use-invalidating-mutation.ts';

/** `POST /api/jobs/{id}/refund` (SUPER_ADMIN): a refund through Stripe (#16). */
export function refundJob({ id, body }: { id: string; body: RouteBody<'refundJob'> }) {
  return staffApiRequest('refundJob', { params: { id }, body });
}

/**
 * The job's payment follows when Stripe's event arrives, so every query holding jobs is read
 * again after the request (`jobKeys.jobs()`), whatever its answer.
 */
export function useRefundJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundJob,
    onSettled: () => refreshQueries(queryClient, jobKeys.jobs()),
  });
}
