import type * as z from 'zod/mini';
import type { createOrganisationBodySchema, MyOrganisation } from '@studio/shared/organisation';
import { apiRequest } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { keepListed } from './list-organisations.ts';
import { organisationKeys } from './query-keys.ts';

/** `POST /api/organisations`: the caller becomes its OWNER. */
export async function createOrganisation(body: z.output<typeof createOrganisationBodySchema>): Promise<MyOrganisation> {
  const { organisation } = await apiRequest('createOrganisation', { body });
  return organisation;
}

export const useCreateOrganisation = () =>
  useInvalidatingMutation({
    mutationFn: createOrganisation,
    invalidates: () => [organisationKeys.mine()],
    afterRefresh: (organisation, queryClient) => keepListed(queryClient, organisation),
  });
