import type * as z from 'zod/mini';
import type { MyOrganisation, updateOrganisationBodySchema } from '@studio/shared/organisation';
import { apiRequest } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { organisationKeys } from './query-keys.ts';

type Body = z.output<typeof updateOrganisationBodySchema>;

/** `PUT /api/organisations/{id}` (OWNER): the name and billing details, both whole. */
export async function updateOrganisation({ id, body }: { id: string; body: Body }): Promise<MyOrganisation> {
  const { organisation } = await apiRequest('updateOrganisation', { params: { id }, body });
  return organisation;
}

export const useUpdateOrganisation = () =>
  useInvalidatingMutation({ mutationFn: updateOrganisation, invalidates: () => [organisationKeys.mine()] });
