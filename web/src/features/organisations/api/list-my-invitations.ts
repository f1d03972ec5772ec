import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invitation } from '@studio/shared/organisation';
import { apiRequest } from '../../../lib/api-client.ts';
import { organisationKeys } from './query-keys.ts';

/** `GET /api/invitations`: the pending invitations to the signed-in client's verified e-mail. */
export async function listMyInvitations({ signal }: { signal?: AbortSignal } = {}): Promise<Invitation[]> {
  const { invitations } = await apiRequest('listMyInvitations', { signal });
  return invitations;
}

export const listMyInvitationsQueryOptions = () =>
  queryOptions({ queryKey: organisationKeys.myInvitations(), queryFn: ({ signal }) => listMyInvitations({ signal }) });

export function useMyInvitations() {
  return useQuery(listMyInvitationsQueryOptions());
}
