import { useMutation } from '@tanstack/react-query';
import type { RouteBody } from '@studio/shared/routes';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/users/forgot-password`: e-mails a password-reset code. */
export function forgotPassword(body: RouteBody<'forgotPassword'>) {
  return apiRequest('forgotPassword', { body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
