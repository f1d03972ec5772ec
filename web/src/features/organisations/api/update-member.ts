import type { Member, OrganisationRole } from '@studio/shared/organisation';
import { apiRequest } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { organisationKeys } from './query-keys.ts';

interface Input {
  organisationId: string;
  accountId: string;
  role: OrganisationRole;
}

/** `PUT /api/organisations/{id}/members/{accountId}` (OWNER): a member's new role. */
export async function updateMember({ organisationId, accountId, role }: Input): Promise<Member> {
  const { member } = await apiRequest('updateMember', { params: { id: organisationId, accountId }, body: { role } });
  return member;
}

export const useUpdateMember = () =>
  useInvalidatingMutation({
    mutationFn: updateMember,
    // A refusal (the last OWNER) leaves the select showing what was asked: read the list again.
    alsoOnFailure: true,
    invalidates: ({ organisationId }) => [organisationKeys.members(organisationId), organisationKeys.mine()],
  });
