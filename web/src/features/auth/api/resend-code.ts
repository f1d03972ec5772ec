import { useMutation } from '@tanstack/react-query';
import type { RouteBody } from '@studio/shared/routes';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/users/resend-code`: e-mails a new sign-up code. */
export function resendCode(body: RouteBody<'resendCode'>) {
  return apiRequest('resendCode', { body });
}

export function useResendCode() {
  return useMutation({ mutationFn: resendCode });
}
