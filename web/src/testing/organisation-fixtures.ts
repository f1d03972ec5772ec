import { screen } from '@testing-library/react';
import type { MyOrganisation } from '@studio/shared/organisation';
import { jsonResponse, type FetchHandler } from './fetch-stub.ts';
import { fixtureId } from './service-fixtures.ts';

/** An organisation as its member lists it (#35); by default the member's personal one, as OWNER. */
export function organisationFixture(n: number, overrides: Partial<MyOrganisation> = {}): MyOrganisation {
  return {
    id: fixtureId(n, '01JD0RGAN00000000000000000'.slice(0, 22)),
    name: `Organisation ${n}`,
    personal: n === 1,
    billing: { legalName: '', addressLines: '', country: '', vatNumber: '' },
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    role: 'OWNER',
    ...overrides,
  };
}

export const personalOrganisation = organisationFixture(1, { name: 'Chris Client' });

/**
 * The portal's reads of the client's organisations and of the picked one's jobs (`Your Jobs`):
 * `jobs` answers the jobs as a client's list did (`{ jobs }`, or an error), one page.
 */
export function organisationJobsStubs(
  jobs: FetchHandler,
  organisations: readonly MyOrganisation[] = [personalOrganisation],
): Record<string, FetchHandler> {
  const picked = organisations.find((organisation) => organisation.personal) ?? organisations[0]!;
  return {
    'GET /api/organisations': () => jsonResponse({ organisations }),
    [`GET /api/organisations/${picked.id}/jobs`]: async (request) => {
      const answer = await jobs(request);
      if (!answer.ok) return answer;
      return jsonResponse({ ...((await answer.json()) as object), nextCursor: null });
    },
  };
}

/** The stub of the dashboard's read of the client's pending invitations (#35): none. */
export const noPendingInvitationsStub = {
  'GET /api/invitations': () => jsonResponse({ invitations: [] }),
};

/** Finds the line an organisation's page shows to someone who is not one of its members. */
export const findNotAMemberLine = () =>
  screen.findByText('This organisation does not exist, or you are not one of its members.', {}, { timeout: 5000 });
