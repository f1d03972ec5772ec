import { useMutation } from '@tanstack/react-query';
import type { RouteBody } from '@studio/shared/routes';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/users/reset-password`: sets a new password with the e-mailed code. */
export function resetPassword(body: RouteBody<'resetPassword'>) {
  return apiRequest('resetPassword', { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
