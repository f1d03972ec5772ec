import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBody } from '@studio/shared/routes';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { userKeys } from './query-keys.ts';
import { refreshQueries } from '../../../lib/use-invalidating-mutation.ts';

/** `PUT /api/admin/{id}/status`: switch a staff account off (no more sign-in) or on again. */
export function setStaffStatus({ id, status }: { id: string } & RouteBody<'setStaffStatus'>) {
  return staffApiRequest('setStaffStatus', { params: { id }, body: { status } });
}

/** The account's status changes in the staff list. */
export function useSetStaffStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStaffStatus,
    onSuccess: () => refreshQueries(queryClient, userKeys.staff()),
  });
}
