import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBody } from '@studio/shared/routes';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { userKeys } from './query-keys.ts';
import { refreshQueries } from '../../../lib/use-invalidating-mutation.ts';

/** `POST /api/admin/invite`: a new staff account, mailed a temporary password. */
export function inviteStaff(body: RouteBody<'inviteStaff'>) {
  return staffApiRequest('inviteStaff', { body });
}

/** The new account joins the staff list. */
export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteStaff,
    onSuccess: () => refreshQueries(queryClient, userKeys.staff()),
  });
}
