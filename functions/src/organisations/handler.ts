import { organisationsRoutes } from '@studio/shared/routes/organisations';
import { createGroupHandler } from '../lib/http.ts';
import { ServiceUnavailableError } from '../lib/errors.ts';
import { findAccount } from '../data/account-lookup.ts';
import { createOrganisation, getOrganisationFor, listMyOrganisations } from '../data/organisations.ts';
import { listOrganisationJobsRoute } from './list-organisation-jobs.ts';

/**
 * Organisations (#35): a client's teams, their members and invitations, and their jobs.
 * Being built: a route not written yet answers 503.
 */
const notBuilt = async (): Promise<never> => {
  throw new ServiceUnavailableError('Organisations are being built.');
};

export const handler = createGroupHandler(organisationsRoutes, {
  createOrganisation: async ({ body, caller }) => ({ organisation: await createOrganisation(caller!.userId, body) }),
  listOrganisations: async ({ caller }) => ({
    organisations: await listMyOrganisations(
      caller!.userId,
      async () => (await findAccount(caller!.userId))?.name || 'My organisation',
    ),
  }),
  getOrganisation: async ({ params, caller }) => ({
    organisation: await getOrganisationFor(caller!.userId, params.id),
  }),
  updateOrganisation: notBuilt,
  listMembers: notBuilt,
  updateMember: notBuilt,
  removeMember: notBuilt,
  createInvitation: notBuilt,
  listInvitations: notBuilt,
  revokeInvitation: notBuilt,
  listMyInvitations: notBuilt,
  acceptInvitation: notBuilt,
  listOrganisationJobs: listOrganisationJobsRoute,
});
