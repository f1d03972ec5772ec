import { apiRequest } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { organisationKeys } from './query-keys.ts';

interface Input {
  organisationId: string;
  accountId: string;
}

/** `DELETE /api/organisations/{id}/members/{accountId}`: an OWNER removes a member, a member leaves. */
export async function removeMember({ organisationId, accountId }: Input): Promise<string> {
  const { message } = await apiRequest('removeMember', { params: { id: organisationId, accountId } });
  return message;
}

export const useRemoveMember = () =>
  useInvalidatingMutation({
    mutationFn: removeMember,
    invalidates: ({ organisationId }) => [organisationKeys.members(organisationId), organisationKeys.mine()],
  });
