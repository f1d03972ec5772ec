import type { Invitation } from '@studio/shared/organisation';
import { apiRequest } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { organisationKeys } from './query-keys.ts';

interface Input {
  organisationId: string;
  invitationId: string;
}

/** `DELETE /api/organisations/{id}/invitations/{invitationId}` (OWNER): only a pending one. */
export async function revokeInvitation({ organisationId, invitationId }: Input): Promise<Invitation> {
  const { invitation } = await apiRequest('revokeInvitation', { params: { id: organisationId, invitationId } });
  return invitation;
}

export const useRevokeInvitation = () =>
  useInvalidatingMutation({
    mutationFn: revokeInvitation,
    alsoOnFailure: true,
    invalidates: ({ organisationId }) => [organisationKeys.invitations(organisationId)],
  });
