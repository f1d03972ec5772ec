import { organisationsRoutes } from '@studio/shared/routes/organisations';
import { createGroupHandler } from '../lib/http.ts';
import { findAccount } from '../data/account-lookup.ts';
import { createOrganisation, getOrganisationFor, listMyOrganisations } from '../data/organisations.ts';
import {
  acceptInvitation,
  createInvitation,
  listMembers,
  listMyInvitations,
  listPendingInvitations,
  removeMember,
  revokeInvitation,
  updateMemberRole,
  updateOrganisation,
  type Actor,
} from '../data/organisation-team.ts';
import { listOrganisationJobsRoute } from './list-organisation-jobs.ts';

/**
 * Organisations (#35): a client's teams, their members and invitations, and their jobs.
 */

/** The caller as its account says now (Cognito): its name, e-mail and whether that is verified. */
async function actor(accountId: string): Promise<Actor> {
  const account = await findAccount(accountId);
  const email = account?.email.toLowerCase() ?? '';
  return {
    accountId,
    name: account?.name ?? '',
    email,
    verifiedEmail: account?.emailVerified && email ? email : null,
  };
}

export const handler = createGroupHandler(organisationsRoutes, {
  createOrganisation: async ({ body, caller }) => {
    const me = await actor(caller!.userId);
    return { organisation: await createOrganisation(caller!.userId, body, new Date(), me) };
  },
  listOrganisations: async ({ caller }) => ({
    organisations: await listMyOrganisations(
      caller!.userId,
      async () => (await findAccount(caller!.userId))?.name || 'My organisation',
    ),
  }),
  getOrganisation: async ({ params, caller }) => ({
    organisation: await getOrganisationFor(caller!.userId, params.id),
  }),
  updateOrganisation: async ({ params, body, caller }) => ({
    organisation: await updateOrganisation(caller!.userId, params.id, body),
  }),
  listMembers: async ({ params, caller }) => ({
    members: await listMembers(caller!.userId, params.id, findAccount),
  }),
  updateMember: async ({ params, body, caller }) => ({
    member: await updateMemberRole(caller!.userId, params.id, params.accountId, body.role),
  }),
  removeMember: async ({ params, caller }) => {
    await removeMember(caller!.userId, params.id, params.accountId);
    return {
      message: params.accountId === caller!.userId ? 'You left the organisation.' : 'The member was removed.',
    };
  },
  createInvitation: async ({ params, body, caller }) => ({
    invitation: await createInvitation(await actor(caller!.userId), params.id, body, findAccount),
  }),
  listInvitations: async ({ params, caller }) => ({
    invitations: await listPendingInvitations(caller!.userId, params.id),
  }),
  revokeInvitation: async ({ params, caller }) => ({
    invitation: await revokeInvitation(caller!.userId, params.id, params.invitationId),
  }),
  listMyInvitations: async ({ caller }) => ({ invitations: await listMyInvitations(await actor(caller!.userId)) }),
  acceptInvitation: async ({ params, caller }) => ({
    organisation: await acceptInvitation(await actor(caller!.userId), params.invitationId),
  }),
  listOrganisationJobs: listOrganisationJobsRoute,
});
