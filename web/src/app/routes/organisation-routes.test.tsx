import { errorEnvelope } from '@studio/shared/errors';
import type { Invitation, Member, MyOrganisation } from '@studio/shared/organisation';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { jsonResponse, stubFetch } from '../../testing/fetch-stub.ts';
import { renderRoutes } from '../../testing/render.tsx';
import { findNotAMemberLine } from '../../testing/organisation-fixtures.ts';
import { appRoutes } from '../router.tsx';

const user = { id: 'user-1', name: 'Olga Owner', username: 'olga', email: 'olga@example.com', initials: 'OO' };
const personalId = '01JD0RG0000000000000000001';
const teamId = '01JD0RG0000000000000000002';
const at = '2026-11-20T10:00:00.000Z';
const noBilling = { legalName: '', addressLines: '', country: '', vatNumber: '' };

function organisation(overrides: Partial<MyOrganisation>): MyOrganisation {
  return {
    id: personalId,
    name: 'Olga Owner',
    personal: true,
    billing: noBilling,
    createdAt: at,
    updatedAt: at,
    role: 'OWNER',
    ...overrides,
  };
}

const team = organisation({
  id: teamId,
  name: 'Acme Brands',
  personal: false,
  billing: { legalName: 'Acme GmbH', addressLines: 'Hauptstr. 1\nBerlin', country: 'DE', vatNumber: 'DE123456789' },
});

const members: Member[] = [
  { accountId: 'user-1', name: 'Olga Owner', email: 'olga@example.com', role: 'OWNER', joinedAt: at },
  { accountId: 'user-2', name: 'Bea Buyer', email: 'bea@example.com', role: 'BUYER', joinedAt: at },
];

const invitation: Invitation = {
  id: '01JD0NV0000000000000000001',
  organisationId: teamId,
  organisationName: 'Acme Brands',
  email: 'new@example.com',
  role: 'REVIEWER',
  status: 'PENDING',
  invitedBy: { accountId: 'user-1', name: 'Olga Owner' },
  createdAt: at,
  expiresAt: '2026-11-27T10:00:00.000Z',
};

const ambient = { 'GET /api/services': () => jsonResponse({ services: [] }) };

/** What the team organisation's page reads as its OWNER: the caller's organisations, members, invitations. */
function teamPage(invitations: (typeof invitation)[]) {
  return {
    ...ambient,
    'GET /api/organisations': () => jsonResponse({ organisations: [organisation({}), team] }),
    'GET /api/invitations': () => jsonResponse({ invitations: [] }),
    [`GET /api/organisations/${teamId}/members`]: () => jsonResponse({ members }),
    [`GET /api/organisations/${teamId}/invitations`]: () => jsonResponse({ invitations }),
  };
}

describe('the organisation page', () => {
  it('shows the personal organisation without ?org=, and an OWNER edits the billing details of ?org=', async () => {
    startSession('tok-1', user);
    const { calls } = stubFetch({
      ...teamPage([invitation]),
      [`PUT /api/organisations/${teamId}`]: ({ body }) =>
        jsonResponse({ organisation: { ...team, ...JSON.parse(body ?? '{}') } }),
    });
    renderRoutes(appRoutes, { path: `/dashboard/organisation?org=${teamId}` });

    expect(await screen.findByRole('heading', { level: 2, name: 'Acme Brands' }, { timeout: 5000 })).toBeTruthy();
    const name = screen.getByLabelText('Name *') as HTMLInputElement;
    expect(name.value).toBe('Acme Brands');
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('DE');
    // The pending invitation, with its expiry and Revoke.
    const pending = await screen.findByRole('table', { name: 'Pending invitations' });
    expect(within(pending).getByText('new@example.com')).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Revoke the invitation of new@example.com' })).toBeTruthy();
    // Members: a role select for the other member, Leave for oneself.
    const table = await screen.findByRole('table', { name: 'Members' });
    expect((within(table).getByLabelText('Role of Bea Buyer') as HTMLSelectElement).value).toBe('BUYER');
    expect(within(table).getByRole('button', { name: 'Leave' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('VAT number', { exact: false }), { target: { value: 'at u 1234' } });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'AT' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save organisation' }));
    await screen.findByText('Organisation saved.');
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({
      name: 'Acme Brands',
      billing: { legalName: 'Acme GmbH', addressLines: 'Hauptstr. 1\nBerlin', country: 'AT', vatNumber: 'ATU1234' },
    });
  }, 15_000);

  it('shows a member without manage rights the details read-only, no invitations, and a refused role change', async () => {
    startSession('tok-1', user);
    const { calls } = stubFetch({
      ...ambient,
      'GET /api/organisations': () => jsonResponse({ organisations: [organisation({}), { ...team, role: 'VIEWER' }] }),
      'GET /api/invitations': () => jsonResponse({ invitations: [] }),
      [`GET /api/organisations/${teamId}/members`]: () => jsonResponse({ members }),
    });
    renderRoutes(appRoutes, { path: `/dashboard/organisation?org=${teamId}` });
    expect(await screen.findByText('Your role: Viewer', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Germany')).toBeTruthy();
    expect(screen.queryByLabelText('Name *')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Invite someone' })).toBeNull();
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).queryByLabelText('Role of Bea Buyer')).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Remove Bea Buyer' })).toBeNull();
    expect(calls.some((c) => c.url.pathname.endsWith('/invitations') && c.url.pathname !== '/api/invitations')).toBe(
      false,
    );
  }, 15_000);

  it('says so for an organisation the client is not a member of', async () => {
    startSession('tok-1', user);
    stubFetch({
      ...ambient,
      'GET /api/organisations': () => jsonResponse({ organisations: [organisation({})] }),
      'GET /api/invitations': () => jsonResponse({ invitations: [] }),
    });
    renderRoutes(appRoutes, { path: `/dashboard/organisation?org=${teamId}` });
    expect(await findNotAMemberLine()).toBeTruthy();
  }, 15_000);

  it('opens an organisation just created, though the list read after it does not have it yet', async () => {
    startSession('tok-1', user);
    // On AWS the list comes from an index that may be a moment behind the write: here it stays so.
    const { calls } = stubFetch({
      ...teamPage([]),
      'GET /api/organisations': () => jsonResponse({ organisations: [organisation({})] }),
      'POST /api/organisations': () => jsonResponse({ organisation: team }, 201),
      [`GET /api/organisations/${personalId}/members`]: () => jsonResponse({ members: [members[0]] }),
      [`GET /api/organisations/${personalId}/invitations`]: () => jsonResponse({ invitations: [] }),
    });
    // Come from another page, as a client does (the first page of a router scrolls to the top).
    const { router } = renderRoutes(appRoutes, { path: '/signin' });
    await router.navigate('/dashboard/organisation');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Olga Owner (personal)' }, { timeout: 5000 }),
    ).toBeTruthy();

    // Restored after the test (restoreMocks in web/vitest.config.ts).
    const scrollTo = vi.spyOn(window, 'scrollTo');
    fireEvent.change(screen.getByLabelText('Organisation name *'), { target: { value: 'Acme Brands' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create organisation' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Acme Brands' }, { timeout: 5000 })).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      `/dashboard/organisation?org=${teamId}`,
    );
    expect(screen.getByText('Your role: Owner')).toBeTruthy();
    expect(screen.queryByText(/This organisation does not exist/)).toBeNull();
    // The form is at the page's foot: the new organisation is shown from the top.
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    // The list was read again after the change, and the personal one is still offered.
    const reads = calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/organisations');
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('link', { name: 'Olga Owner (personal)' })).toBeTruthy();
  }, 15_000);

  it('invites an e-mail with a role and shows the server’s refusal on the form', async () => {
    startSession('tok-1', user);
    const { calls } = stubFetch({
      ...teamPage([]),
      [`POST /api/organisations/${teamId}/invitations`]: [
        () => jsonResponse({ invitation: { ...invitation, email: 'ann@example.com', role: 'VIEWER' } }, 201),
        () =>
          jsonResponse(
            errorEnvelope(
              'CONFLICT',
              'ann@example.com has a pending invitation to this organisation already: revoke it first to send a new one.',
            ),
            409,
          ),
      ],
    });
    renderRoutes(appRoutes, { path: `/dashboard/organisation?org=${teamId}` });
    const form = await screen.findByRole('form', { name: 'Invite someone' }, { timeout: 5000 });
    fireEvent.change(within(form).getByLabelText('E-mail *'), { target: { value: 'ann@example.com' } });
    fireEvent.change(within(form).getByLabelText('Role *'), { target: { value: 'VIEWER' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await within(form).findByText('Invitation sent to ann@example.com.');
    expect(JSON.parse(calls.find((c) => c.method === 'POST')?.body ?? '{}')).toEqual({
      email: 'ann@example.com',
      role: 'VIEWER',
    });
    fireEvent.change(within(form).getByLabelText('E-mail *'), { target: { value: 'ann@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('pending invitation');
    // A malformed e-mail is refused before sending.
    const posts = calls.filter((c) => c.method === 'POST').length;
    fireEvent.change(within(form).getByLabelText('E-mail *'), { target: { value: 'nope' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(within(form).getByLabelText('E-mail *').getAttribute('aria-invalid')).toBe('true'));
    expect(calls.filter((c) => c.method === 'POST').length).toBe(posts);
  }, 15_000);
});

describe('an invitation’s link', () => {
  it('signed out: explains and offers sign-up and log-in that come back to it', async () => {
    stubFetch(ambient);
    renderRoutes(appRoutes, { path: `/invitations/${invitation.id}` });
    const signUp = await screen.findByRole('link', { name: 'Sign up' }, { timeout: 5000 });
    const next = encodeURIComponent(`/invitations/${invitation.id}`);
    expect(signUp.getAttribute('href')).toBe(`/signup?next=${next}`);
    expect(
      screen.getAllByRole('link', { name: 'Log in' }).some((a) => a.getAttribute('href') === `/login?next=${next}`),
    ).toBe(true);
  }, 15_000);

  it('signed in: shows the pending invitation, accepts it and opens its organisation', async () => {
    startSession('tok-1', user);
    const joined = { ...team, role: 'REVIEWER' as const };
    const { calls } = stubFetch({
      ...ambient,
      'GET /api/invitations': [
        () => jsonResponse({ invitations: [invitation] }),
        () => jsonResponse({ invitations: [] }),
        () => jsonResponse({ invitations: [] }),
      ],
      [`POST /api/invitations/${invitation.id}/accept`]: () => jsonResponse({ organisation: joined }),
      'GET /api/organisations': () => jsonResponse({ organisations: [organisation({}), joined] }),
      [`GET /api/organisations/${teamId}/members`]: () => jsonResponse({ members }),
    });
    const { router } = renderRoutes(appRoutes, { path: `/invitations/${invitation.id}` });
    expect(await screen.findByText('Acme Brands', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/as Reviewer/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `/dashboard/organisation?org=${teamId}`,
      ),
    );
    expect(await screen.findByText('Your role: Reviewer', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/accept'))).toBe(true);
  }, 15_000);

  it('signed in with another e-mail: says there is no pending invitation for this account', async () => {
    startSession('tok-1', user);
    stubFetch({ ...ambient, 'GET /api/invitations': () => jsonResponse({ invitations: [] }) });
    renderRoutes(appRoutes, { path: `/invitations/${invitation.id}` });
    expect(
      await screen.findByText(/There is no pending invitation with this link for your account/, {}, { timeout: 5000 }),
    ).toBeTruthy();
  }, 15_000);
});
