import { useMutation } from '@tanstack/react-query';
import type { RouteBody } from '@studio/shared/routes';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/admin/signin`: the staff token, the member and their role. */
export function staffSignIn(body: RouteBody<'staffSignIn'>) {
  return apiRequest('staffSignIn', { body, token: null });
}

export function useStaffSignIn() {
  return useMutation({ mutationFn: staffSignIn });
}
