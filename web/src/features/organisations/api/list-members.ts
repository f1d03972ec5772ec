import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Member } from '@studio/shared/organisation';
import { apiRequest } from '../../../lib/api-client.ts';
import { organisationKeys } from './query-keys.ts';

/** `GET /api/organisations/{id}/members` (any member): owners first. */
export async function listMembers(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Member[]> {
  const { members } = await apiRequest('listMembers', { params: { id }, signal });
  return members;
}

export const listMembersQueryOptions = (id: string) =>
  queryOptions({ queryKey: organisationKeys.members(id), queryFn: ({ signal }) => listMembers(id, { signal }) });

export function useMembers(id: string) {
  return useQuery(listMembersQueryOptions(id));
}
