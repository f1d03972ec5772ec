import { useMutation } from '@tanstack/react-query';
import type { RouteBody } from '@studio/shared/routes';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/users/signin`: answers the token and the user the navbar shows. */
export function signIn(body: RouteBody<'signIn'>) {
  return apiRequest('signIn', { body });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
