import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyOrganisation } from '@studio/shared/organisation';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/organisations`: the organisations the client belongs to, its personal one first, with its role. */
export async function listMyOrganisations({ signal }: { signal?: AbortSignal } = {}): Promise<MyOrganisation[]> {
  const { organisations } = await apiRequest('listOrganisations', { signal });
  return organisations;
}

export const myOrganisationsQueryOptions = () =>
  queryOptions({
    queryKey: ['organisations', 'mine'],
    queryFn: ({ signal }) => listMyOrganisations({ signal }),
    // A membership changes rarely while a page is open; the server checks the role on every call.
    staleTime: 60_000,
  });

export function useMyOrganisations() {
  return useQuery(myOrganisationsQueryOptions());
}
