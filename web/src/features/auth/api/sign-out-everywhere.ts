import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';

/**
 * `POST /api/users/sign-out-everywhere`: ends every session of the caller's account, on every
 * device, this one included. The client portal calls it with the client's token, the staff console
 * with the staff token.
 */
export function signOutEverywhere(audience: 'client' | 'staff') {
  return audience === 'staff' ? staffApiRequest('signOutEverywhere', {}) : apiRequest('signOutEverywhere', {});
}

export function useSignOutEverywhere(audience: 'client' | 'staff') {
  return useMutation({ mutationFn: () => signOutEverywhere(audience) });
}
