import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { compareMyOrganisations, type MyOrganisation } from '@studio/shared/organisation';
import { apiRequest } from '../../../lib/api-client.ts';
import { organisationKeys } from './query-keys.ts';

/** `GET /api/organisations`: the caller's organisations, the personal one first. */
export async function listOrganisations({ signal }: { signal?: AbortSignal } = {}): Promise<MyOrganisation[]> {
  const { organisations } = await apiRequest('listOrganisations', { signal });
  return organisations;
}

export const listOrganisationsQueryOptions = () =>
  queryOptions({ queryKey: organisationKeys.mine(), queryFn: ({ signal }) => listOrganisations({ signal }) });

export function useMyOrganisations() {
  return useQuery(listOrganisationsQueryOptions());
}

/**
 * Puts an organisation the caller has just made or joined in its cached list, if the list read
 * after the change does not have it yet: the server reads the caller's memberships from an index
 * that on AWS may be a moment behind the write. Kept in the server's order.
 */
export function keepListed(queryClient: QueryClient, organisation: MyOrganisation) {
  queryClient.setQueryData<MyOrganisation[]>(organisationKeys.mine(), (list) =>
    !list || list.some((o) => o.id === organisation.id) ? list : [...list, organisation].sort(compareMyOrganisations),
  );
}
