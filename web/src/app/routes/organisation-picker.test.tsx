import type { Job } from '@studio/shared/job';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../router.tsx';
import { startSession } from '../../lib/session.ts';
import { jsonResponse, stubFetch } from '../../testing/fetch-stub.ts';
import { jobFixture, pricedAt } from '../../testing/job-fixtures.ts';
import { clientPreferencesStub } from '../../testing/notification-fixtures.ts';
import {
  noPendingInvitationsStub,
  organisationFixture,
  personalOrganisation,
} from '../../testing/organisation-fixtures.ts';
import { renderRoutes } from '../../testing/render.tsx';
import { fixtureId } from '../../testing/service-fixtures.ts';

const user = { id: 'user-1', name: 'Chris Client', username: 'chris', email: 'chris@example.com', initials: 'CC' };
const team = organisationFixture(2, { name: 'Acme Brands', role: 'VIEWER' });

function job(n: number, organisationId: string, overrides: Partial<Job> = {}): Job {
  return jobFixture({
    id: fixtureId(n, '01JD0J0B00000000000000'),
    clientId: 'someone-else',
    organisationId,
    serviceId: fixtureId(1),
    serviceName: `Service ${n}`,
    currency: 'EUR',
    dropboxLink: 'https://dropbox.example/f',
    ...pricedAt(150),
    payment: null,
    ...overrides,
  });
}

const page = (jobs: Job[]) => () => jsonResponse({ jobs, nextCursor: null });

function stubPortal() {
  return stubFetch({
    'GET /api/services': () => jsonResponse({ services: [] }),
    ...clientPreferencesStub,
    ...noPendingInvitationsStub,
    'GET /api/organisations': () => jsonResponse({ organisations: [personalOrganisation, team] }),
    [`GET /api/organisations/${personalOrganisation.id}/jobs`]: page([job(1, personalOrganisation.id)]),
    [`GET /api/organisations/${team.id}/jobs`]: page([
      job(2, team.id, { status: 'DELIVERED', progress: 100, editorDropboxLink: 'https://example.test/edited' }),
    ]),
  });
}

describe('the organisation picker (#35)', () => {
  it('starts on the personal organisation, with every organisation of the client in the header', async () => {
    startSession('tok-1', user);
    stubPortal();
    renderRoutes(appRoutes, { path: '/dashboard' });
    const select = (await screen.findByLabelText('Organisation', undefined, { timeout: 5000 })) as HTMLSelectElement;
    expect(select.value).toBe(personalOrganisation.id);
    expect([...select.options].map((option) => option.text)).toEqual(['Chris Client (personal)', 'Acme Brands']);
    expect(await screen.findByRole('heading', { name: 'Service 1' })).toBeTruthy();
    // The personal organisation's own job: every action its OWNER may take.
    expect(screen.getByRole('link', { name: 'Pay Now for Service 1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New order' }).getAttribute('href')).toBe(
      `/services?org=${personalOrganisation.id}`,
    );
  }, 15_000);

  it('opens on the organisation the link names, its jobs shown as the role there allows', async () => {
    startSession('tok-1', user);
    const { calls } = stubPortal();
    renderRoutes(appRoutes, { path: `/dashboard?org=${team.id}` });
    const select = (await screen.findByLabelText('Organisation', undefined, { timeout: 5000 })) as HTMLSelectElement;
    expect(select.value).toBe(team.id);
    expect(await screen.findByRole('heading', { name: 'Service 2' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Service 1' })).toBeNull();
    expect(calls.some((call) => call.url.pathname === `/api/organisations/${personalOrganisation.id}/jobs`)).toBe(
      false,
    );
    // A VIEWER of Acme reads its delivered job, with no Pay Now, Approve or Request changes.
    const card = screen.getByRole('article', { name: 'Service 2' });
    expect(within(card).queryByRole('link', { name: /Pay Now/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: /Request changes/ })).toBeNull();
    // Its links keep the organisation picked.
    expect(
      within(card)
        .getByRole('link', { name: /Job page and timeline/ })
        .getAttribute('href'),
    ).toContain(`org=${team.id}`);
    expect(screen.getByRole('link', { name: 'New order' }).getAttribute('href')).toBe(`/services?org=${team.id}`);
  }, 15_000);

  it('shows no picker to a client of one organisation', async () => {
    startSession('tok-1', user);
    stubFetch({
      'GET /api/services': () => jsonResponse({ services: [] }),
      ...clientPreferencesStub,
      ...noPendingInvitationsStub,
      'GET /api/organisations': () => jsonResponse({ organisations: [personalOrganisation] }),
      [`GET /api/organisations/${personalOrganisation.id}/jobs`]: page([job(1, personalOrganisation.id)]),
    });
    renderRoutes(appRoutes, { path: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Service 1' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByLabelText('Organisation')).toBeNull();
  }, 15_000);
});
