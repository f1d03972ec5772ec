import type * as z from 'zod/mini';
import type { createInvitationBodySchema, Invitation } from '@studio/shared/organisation';
import { apiRequest } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { organisationKeys } from './query-keys.ts';

type Body = z.output<typeof createInvitationBodySchema>;

/** `POST /api/organisations/{id}/invitations` (OWNER): e-mails the invitation's link. */
export async function createInvitation({
  organisationId,
  body,
}: {
  organisationId: string;
  body: Body;
}): Promise<Invitation> {
  const { invitation } = await apiRequest('createInvitation', { params: { id: organisationId }, body });
  return invitation;
}

export const useCreateInvitation = () =>
  useInvalidatingMutation({
    mutationFn: createInvitation,
    invalidates: ({ organisationId }) => [organisationKeys.invitations(organisationId)],
  });
