import type { RouteBody } from '@studio/shared/routes';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useJobMutation } from './staff-jobs.ts';

/**
 * `POST /api/jobs/{id}/refund` (SUPER_ADMIN): a refund through Stripe. The job's status follows
 * when Stripe's event arrives, so the lists are read again after it.
 */
export function useRefundJob() {
  return useJobMutation((variables: { id: string; body: RouteBody<'refundJob'> }) =>
    staffApiRequest('refundJob', { params: { id: variables.id }, body: variables.body }),
  );
}
