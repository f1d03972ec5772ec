import type { MyOrganisation } from '@studio/shared/organisation';
import { apiRequest } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { keepListed } from './list-organisations.ts';
import { organisationKeys } from './query-keys.ts';

/** `POST /api/invitations/{invitationId}/accept`: the caller joins; answers the organisation. */
export async function acceptInvitation(invitationId: string): Promise<MyOrganisation> {
  const { organisation } = await apiRequest('acceptInvitation', { params: { invitationId } });
  return organisation;
}

export const useAcceptInvitation = () =>
  useInvalidatingMutation({
    mutationFn: acceptInvitation,
    alsoOnFailure: true,
    invalidates: () => [organisationKeys.myInvitations(), organisationKeys.mine()],
    afterRefresh: (organisation, queryClient) => keepListed(queryClient, organisation),
  });
