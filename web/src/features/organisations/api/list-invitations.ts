import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invitation } from '@studio/shared/organisation';
import { apiRequest } from '../../../lib/api-client.ts';
import { organisationKeys } from './query-keys.ts';

/** `GET /api/organisations/{id}/invitations` (OWNER): the pending ones, newest first. */
export async function listInvitations(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Invitation[]> {
  const { invitations } = await apiRequest('listInvitations', { params: { id }, signal });
  return invitations;
}

export const listInvitationsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: organisationKeys.invitations(id),
    queryFn: ({ signal }) => listInvitations(id, { signal }),
  });

export function useInvitations(id: string, enabled: boolean) {
  return useQuery({ ...listInvitationsQueryOptions(id), enabled });
}
