import type { RouteBody } from '@studio/shared/routes';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useJobMutation } from './staff-jobs.ts';

/** `PUT /api/jobs/{id}/payment/mark-paid` (MANAGER, SUPER_ADMIN): a transfer the studio received. */
export function useMarkPaid() {
  return useJobMutation((variables: { id: string; body: RouteBody<'markPaid'> }) =>
    staffApiRequest('markPaid', { params: { id: variables.id }, body: variables.body }),
  );
}
