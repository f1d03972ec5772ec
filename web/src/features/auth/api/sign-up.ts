import { useMutation } from '@tanstack/react-query';
import type { RouteBody } from '@studio/shared/routes';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/users/signup`: creates the account; Cognito e-mails a 6-digit code. */
export function signUp(body: RouteBody<'signUp'>) {
  return apiRequest('signUp', { body });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
