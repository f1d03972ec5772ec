import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBody } from '@studio/shared/routes';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { jobKeys } from './query-keys.ts';
import { refreshQueries } from '../../../lib/use-invalidating-mutation.ts';

/** `PUT /api/jobs/{id}/payment/mark-paid` (MANAGER, SUPER_ADMIN): a transfer the studio received (#16). */
export function markPaid({ id, body }: { id: string; body: RouteBody<'markPaid'> }) {
  return staffApiRequest('markPaid', { params: { id }, body });
}

/**
 * The job's payment changes in every list it is in, and it leaves the unpaid lists: every query
 * holding jobs is refreshed (`jobKeys.jobs()`), also after a refusal (paid or cancelled meanwhile).
 */
export function useMarkPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPaid,
    onSettled: () => refreshQueries(queryClient, jobKeys.jobs()),
  });
}
