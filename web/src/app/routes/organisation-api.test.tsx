import type { OrganisationRole } from '@studio/shared/organisation';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { apiKeyFixture, webhookFixture } from '../../testing/api-access-fixtures.ts';
import { jsonResponse, stubFetch } from '../../testing/fetch-stub.ts';
import { findNotAMemberLine, organisationFixture, personalOrganisation } from '../../testing/organisation-fixtures.ts';
import { renderRoutes } from '../../testing/render.tsx';
import { appRoutes } from '../router.tsx';

const user = { id: 'user-1', name: 'Olga Owner', username: 'olga', email: 'olga@example.com', initials: 'OO' };
const ambient = { 'GET /api/services': () => jsonResponse({ services: [] }) };

function teamAs(role: OrganisationRole) {
  return organisationFixture(2, { name: 'Acme Brands', role });
}

describe('the API and webhooks page', () => {
  it('shows an OWNER the keys, the webhooks and the link to the reference', async () => {
    startSession('tok-1', user);
    const team = teamAs('OWNER');
    stubFetch({
      ...ambient,
      'GET /api/organisations': () => jsonResponse({ organisations: [personalOrganisation, team] }),
      [`GET /api/organisations/${team.id}/api-keys`]: () =>
        jsonResponse({
          apiKeys: [
            apiKeyFixture(1, { name: 'Shop sync', prefix: 'rsk_live_Xy12Ab', scopes: ['jobs:read', 'images:write'] }),
            apiKeyFixture(2, { name: 'PIM', lastUsedAt: '2026-11-27T09:30:00.000Z' }),
          ],
        }),
      [`GET /api/organisations/${team.id}/webhooks`]: () =>
        jsonResponse({
          webhooks: [
            webhookFixture(1, {
              enabled: false,
              disabledReason: 'Every delivery failed for 3 days',
              failingSince: '2026-11-24T08:00:00.000Z',
            }),
          ],
        }),
    });
    renderRoutes(appRoutes, { path: `/dashboard/organisation/api?org=${team.id}` });

    const keys = await screen.findByRole('table', { name: 'API keys' }, { timeout: 5000 });
    const shop = within(keys).getByRole('rowheader', { name: 'Shop sync' }).closest('tr')!;
    expect(within(shop).getByText('rsk_live_Xy12Ab…')).toBeTruthy();
    expect(within(shop).getByText('jobs:read')).toBeTruthy();
    expect(within(shop).getByText('images:write')).toBeTruthy();
    expect(within(shop).getByText(/by Olga Owner$/)).toBeTruthy();
    expect(within(shop).getByText('never')).toBeTruthy();
    const pim = within(keys).getByRole('rowheader', { name: 'PIM' }).closest('tr')!;
    expect(within(pim).queryByText('never')).toBeNull();
    expect(within(pim).getByText(/27 Nov 2026/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New key' })).toBeTruthy();

    const hook = await screen.findByRole('article', { name: 'https://hooks.example.com/studio/1' });
    expect(within(hook).getByText('Disabled: Every delivery failed for 3 days')).toBeTruthy();
    expect(within(hook).getByText('Failing since')).toBeTruthy();
    expect(within(hook).getByRole('button', { name: 'Turn on again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add webhook' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'the API reference' }).getAttribute('href')).toBe('/developers');
  }, 15_000);

  it.each(['BUYER', 'REVIEWER', 'VIEWER'] as const)(
    'tells a %s that only owners manage them, and reads neither list',
    async (role) => {
      startSession('tok-1', user);
      const team = teamAs(role);
      const { calls } = stubFetch({
        ...ambient,
        'GET /api/organisations': () => jsonResponse({ organisations: [personalOrganisation, team] }),
      });
      renderRoutes(appRoutes, { path: `/dashboard/organisation/api?org=${team.id}` });
      expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
        'Only the owners of Acme Brands manage its API keys and webhooks. Ask one of them if your system needs a key.',
      );
      expect(screen.queryByRole('button', { name: 'New key' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Add webhook' })).toBeNull();
      expect(calls.some((call) => /api-keys|webhooks/.test(call.url.pathname))).toBe(false);
    },
    15_000,
  );

  it('is linked from the organisation page for an OWNER only', async () => {
    startSession('tok-1', user);
    const owned = teamAs('OWNER');
    const viewed = organisationFixture(3, { name: 'Viewed Co', role: 'VIEWER' });
    stubFetch({
      ...ambient,
      'GET /api/organisations': () => jsonResponse({ organisations: [personalOrganisation, owned, viewed] }),
      'GET /api/invitations': () => jsonResponse({ invitations: [] }),
      [`GET /api/organisations/${owned.id}/members`]: () => jsonResponse({ members: [] }),
      [`GET /api/organisations/${owned.id}/invitations`]: () => jsonResponse({ invitations: [] }),
      [`GET /api/organisations/${viewed.id}/members`]: () => jsonResponse({ members: [] }),
    });
    const { router } = renderRoutes(appRoutes, { path: `/dashboard/organisation?org=${owned.id}` });
    const link = await screen.findByRole('link', { name: 'Manage the API keys and webhooks' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe(`/dashboard/organisation/api?org=${owned.id}`);

    await router.navigate(`/dashboard/organisation?org=${viewed.id}`);
    expect(await screen.findByText('Your role: Viewer')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Manage the API keys and webhooks' })).toBeNull();
  }, 15_000);

  it('says so for an organisation the client is not a member of', async () => {
    startSession('tok-1', user);
    stubFetch({
      ...ambient,
      'GET /api/organisations': () => jsonResponse({ organisations: [personalOrganisation] }),
    });
    renderRoutes(appRoutes, { path: `/dashboard/organisation/api?org=${teamAs('OWNER').id}` });
    expect(await findNotAMemberLine()).toBeTruthy();
  }, 15_000);
});
