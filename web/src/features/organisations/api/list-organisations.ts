import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyOrganisation } from '@studio/shared/organisation';
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
