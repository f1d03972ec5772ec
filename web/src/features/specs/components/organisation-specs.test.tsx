import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrganisationRole } from '@studio/shared/organisation';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { organisationFixture } from '../../../testing/organisation-fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { specFixture } from '../../../testing/spec-fixtures.ts';
import { OrganisationSpecs } from './organisation-specs.tsx';

const spec = specFixture(1, { name: 'Catalogue', version: 3, latestVersion: 3, background: 'transparent' });
const houseSpec = specFixture(9, { name: 'Marketplace white', organisationId: null, background: 'white' });

function renderAs(role: OrganisationRole) {
  const organisation = organisationFixture(2, { name: 'Acme', role });
  const { calls } = stubFetch({
    [`GET /api/organisations/${organisation.id}/specs`]: () => jsonResponse({ specs: [spec] }),
    'GET /api/house-specs': () => jsonResponse({ specs: [houseSpec] }),
  });
  renderWithProviders(<OrganisationSpecs organisation={organisation} services={[]} version={null} />);
  return { calls, organisation };
}

describe('OrganisationSpecs', () => {
  it.each(['OWNER', 'BUYER'] as const)('lets a %s make, edit, delete and copy specs', async (role) => {
    renderAs(role);
    const card = await screen.findByRole('article', { name: 'Catalogue' });
    expect(within(card).getByText(/^Version 3 · saved .* by Olive Owner$/)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Edit Catalogue' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Delete Catalogue' })).toBeTruthy();
    expect(
      within(card)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['version 2', 'version 1']);
    expect(card.querySelector('.spec-card__versions')?.textContent).toBe('Earlier versions: version 2, version 1');
    expect(screen.getByRole('button', { name: 'New spec' })).toBeTruthy();
    const house = await screen.findByRole('article', { name: 'Marketplace white' });
    expect(within(house).getByRole('button', { name: 'Copy Marketplace white' })).toBeTruthy();
  });

  it.each(['REVIEWER', 'VIEWER'] as const)('shows a %s the specs read-only', async (role) => {
    const { calls, organisation } = renderAs(role);
    const card = await screen.findByRole('article', { name: 'Catalogue' });
    expect(within(card).getByText('Transparent')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New spec' })).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Start from a studio spec' })).toBeNull();
    // The house specs, which it could not copy, are not even read.
    expect(calls.map((call) => call.url.pathname)).toEqual([`/api/organisations/${organisation.id}/specs`]);
  });

  it('says so when there are no specs yet', async () => {
    const organisation = organisationFixture(2, { role: 'OWNER' });
    stubFetch({
      [`GET /api/organisations/${organisation.id}/specs`]: () => jsonResponse({ specs: [] }),
      'GET /api/house-specs': () => jsonResponse({ specs: [] }),
    });
    renderWithProviders(<OrganisationSpecs organisation={organisation} services={[]} version={null} />);
    expect(await screen.findByText('No specs yet: make one, or start from a studio spec below.')).toBeTruthy();
    expect(await screen.findByText('The studio has no specs to start from yet.')).toBeTruthy();
  });

  it('shows an earlier version read-only', async () => {
    const organisation = organisationFixture(2, { role: 'OWNER' });
    const old = { ...spec, version: 1, background: 'white' as const };
    const { calls } = stubFetch({
      [`GET /api/organisations/${organisation.id}/specs/${spec.id}`]: () => jsonResponse({ spec: old }),
    });
    renderWithProviders(
      <OrganisationSpecs organisation={organisation} services={[]} version={{ specId: spec.id, version: 1 }} />,
    );
    expect(await screen.findByRole('heading', { name: 'Catalogue · version 1' })).toBeTruthy();
    expect(screen.getByText(/the latest is version 3/)).toBeTruthy();
    expect(screen.getByText('Solid colour #FFFFFF')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(calls[0]!.url.search).toBe('?version=1');
  });
});
