import { useMutation } from '@tanstack/react-query';
import type { RouteBody } from '@studio/shared/routes';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/users/verify-email`: confirms the account with the e-mailed code. */
export function verifyEmail(body: RouteBody<'verifyEmail'>) {
  return apiRequest('verifyEmail', { body });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
