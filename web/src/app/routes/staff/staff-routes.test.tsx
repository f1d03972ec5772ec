import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Job } from '@studio/shared/job';
import { getToken } from '../../../lib/auth-token.ts';
import { startSession } from '../../../lib/session.ts';
import { getStaffSession, startStaffSession } from '../../../lib/staff-session.ts';
import { clientPreferencesStub } from '../../../testing/notification-fixtures.ts';
import { noPendingInvitationsStub } from '../../../testing/organisation-fixtures.ts';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { appRoutes } from '../../router.tsx';
import { jobFixture } from '../../../testing/job-fixtures.ts';
import { organisationJobsStubs } from '../../../testing/organisation-fixtures.ts';
import { studioSettingsFixture } from '../../../testing/settings-fixtures.ts';

const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
const manager = { id: 'm-1', email: 'max@example.com', username: 'Max Manager', role: 'MANAGER' as const };
const editor = { id: 'e-1', email: 'eve@example.com', username: 'Eve Editor', role: 'EDITOR' as const };

/** Client Chris signed in, and the reads of the client's dashboard frame (services, e-mail switches). */
function asSignedInClient() {
  startSession('client-tok', {
    id: 'client-1',
    name: 'Chris',
    username: 'chris',
    email: 'c@example.com',
    initials: 'C',
  });
  return {
    'GET /api/services': () => jsonResponse({ services: [] }),
    ...clientPreferencesStub,
    ...noPendingInvitationsStub,
  };
}

function job(overrides: Partial<Job> = {}): Job {
  return jobFixture({ instructions: 'White background', ...overrides });
}

describe('staff console shell', () => {
  it('sends a signed-out visitor of a staff page to /admin-login, then by role back to the page', async () => {
    const { calls } = stubFetch({
      'POST /api/admin/signin': () => jsonResponse({ token: 'staff-tok', user: manager, expiresAt: inAnHour() }),
      'GET /api/jobs': () => jsonResponse({ jobs: [], nextCursor: null }),
      'GET /api/admin/editors': () => jsonResponse({ editors: [] }),
    });
    const { router } = renderRoutes(appRoutes, { path: '/assign-job' });
    await screen.findByRole('heading', { level: 1, name: 'Admin Login' }, { timeout: 5000 });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/admin-login?next=%2Fassign-job');

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'max@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { level: 1, name: 'Assign Jobs To Editors' }, { timeout: 5000 });
    expect(await screen.findByText('No unassigned jobs available')).toBeTruthy();
    // The staff token is kept apart from the client's and sent to the staff routes.
    expect(getToken()).toBeNull();
    expect(getStaffSession()?.user.role).toBe('MANAGER');
    const list = calls.find((c) => c.url.pathname === '/api/jobs')!;
    expect(list.headers.get('Authorization')).toBe('Bearer staff-tok');
    expect(list.url.searchParams.get('unassigned')).toBe('true');
  });

  it('routes each role to its dashboard after sign-in and shows the spec text on failure', async () => {
    stubFetch({
      'POST /api/admin/signin': [
        () => jsonResponse({ statusCode: 401, error: 'UNAUTHORIZED', message: 'nope' }, 401),
        () => jsonResponse({ token: 'staff-tok', user: editor, expiresAt: inAnHour() }),
      ],
      'GET /api/jobs/assigned-jobs': () => jsonResponse({ assignedJobs: [] }),
    });
    const { router } = renderRoutes(appRoutes, { path: '/admin-login' });
    fireEvent.change(await screen.findByLabelText('Email', {}, { timeout: 5000 }), {
      target: { value: 'eve@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password. Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Your Assigned Jobs' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/editor');
  });

  it('asks an invited member for a new password and sends it with the temporary one', async () => {
    const { calls } = stubFetch({
      'POST /api/admin/signin': [
        () =>
          jsonResponse(
            { statusCode: 403, error: 'NEW_PASSWORD_REQUIRED', message: 'Welcome! Choose a new password.' },
            403,
          ),
        () => jsonResponse({ token: 'staff-tok', user: editor, expiresAt: inAnHour() }),
      ],
      'GET /api/jobs/assigned-jobs': () => jsonResponse({ assignedJobs: [] }),
    });
    renderRoutes(appRoutes, { path: '/admin-login' });
    fireEvent.change(await screen.findByLabelText('Email', {}, { timeout: 5000 }), {
      target: { value: 'eve@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Temp12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'Brand-new-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Your Assigned Jobs' }, { timeout: 5000 });
    const bodies = calls.filter((c) => c.url.pathname === '/api/admin/signin').map((c) => JSON.parse(c.body!));
    expect(bodies[1]).toEqual({ email: 'eve@example.com', password: 'Temp12', newPassword: 'Brand-new-1' });
  });

  it('refuses a staff page to another role, with a link to their own dashboard', async () => {
    startStaffSession('staff-tok', editor, inAnHour());
    stubFetch({});
    renderRoutes(appRoutes, { path: '/admin' });
    await screen.findByRole('heading', { name: 'Not available for your role' }, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/editor');
  });

  it('an expired staff session is no session: the page goes to /admin-login', async () => {
    startStaffSession('staff-tok', manager, new Date(Date.now() - 1000).toISOString());
    stubFetch({});
    const { router } = renderRoutes(appRoutes, { path: '/manager' });
    await screen.findByRole('heading', { level: 1, name: 'Admin Login' }, { timeout: 5000 });
    expect(router.state.location.search).toBe('?next=%2Fmanager');
  });

  it('a 401 from the API on an open page asks to sign in again in place, and the page carries on (#40)', async () => {
    startStaffSession('staff-tok', manager, inAnHour());
    stubFetch({
      'GET /api/jobs': [
        () => jsonResponse({ statusCode: 401, error: 'UNAUTHORIZED', message: 'expired' }, 401),
        () => jsonResponse({ jobs: [job()], nextCursor: null }),
      ],
      'GET /api/admin/editors': [() => jsonResponse({ editors: [] }), () => jsonResponse({ editors: [] })],
      'POST /api/admin/signin': () => jsonResponse({ token: 'staff-tok-2', user: manager, expiresAt: inAnHour() }),
    });
    const { router } = renderRoutes(appRoutes, { path: '/edit-job' });
    const dialog = await screen.findByRole('alertdialog', { name: 'Your session has ended' }, { timeout: 5000 });
    expect(getStaffSession()).toBeNull();
    // The page stays under the dialog.
    expect(router.state.location.pathname).toBe('/edit-job');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Job Details', hidden: true })).toBeTruthy();
    fireEvent.change(await within(dialog).findByLabelText('Email', {}, { timeout: 5000 }), {
      target: { value: 'max@example.com' },
    });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'Secret-123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(getStaffSession()?.token).toBe('staff-tok-2');
    // The page's reads are made again, with the new token.
    expect((await screen.findAllByText('White background', {}, { timeout: 5000 })).length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/edit-job');
  });

  it('what was typed on a page survives a session that ends while it is open (#40)', async () => {
    const settings = studioSettingsFixture();
    const admin = { ...manager, id: 'a-1', role: 'SUPER_ADMIN' as const };
    startStaffSession('staff-tok', admin, inAnHour());
    stubFetch({
      'GET /api/settings': () => jsonResponse({ settings }),
      'POST /api/admin/signin': () => jsonResponse({ token: 'staff-tok-2', user: admin, expiresAt: inAnHour() }),
    });
    renderRoutes(appRoutes, { path: '/settings' });
    const name = (await screen.findByLabelText('Legal name *', {}, { timeout: 5000 })) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Typed but not saved Ltd' } });
    // The session ends (its expiry, or a 401 anywhere on the page).
    const { expireStaffSession } = await import('../../../lib/staff-session.ts');
    expireStaffSession();
    const dialog = await screen.findByRole('alertdialog', { name: 'Your session has ended' });
    expect(within(dialog).getByText(/what you typed on this page is kept/)).toBeTruthy();
    fireEvent.change(await within(dialog).findByLabelText('Email', {}, { timeout: 5000 }), {
      target: { value: 'max@example.com' },
    });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'Secret-123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((screen.getByLabelText('Legal name *') as HTMLInputElement).value).toBe('Typed but not saved Ltd');
  });

  it('the editor page refuses progress outside 0-100 and 100 % without a link before calling the API', async () => {
    startStaffSession('staff-tok', editor, inAnHour());
    const { calls } = stubFetch({
      'GET /api/jobs/assigned-jobs': () =>
        jsonResponse({ assignedJobs: [job({ editorId: 'e-1', status: 'IN_PROGRESS' })] }),
      'PUT /api/jobs/01JD0J0B000000000000000001/editor-update': () =>
        jsonResponse({
          job: job({ editorId: 'e-1', status: 'IN_PROGRESS', progress: 60, updatedAt: '2026-01-02T10:00:00.000Z' }),
        }),
    });
    renderRoutes(appRoutes, { path: '/editor' });
    const card = (await screen.findByRole('heading', { level: 2, name: 'Ecommerce' }, { timeout: 5000 })).closest(
      'li',
    )!;
    const progress = within(card).getByLabelText('Progress (%)');
    const outOfRange = 'Progress must be a whole number from 0 to 100.';
    // The route's own schema checks the field; a number input holding no number is empty.
    for (const [bad, said] of [
      ['101', outOfRange],
      ['-1', outOfRange],
      ['50.5', outOfRange],
      ['abc', 'Progress is required'],
    ]) {
      fireEvent.change(progress, { target: { value: bad } });
      fireEvent.click(within(card).getByRole('button', { name: 'Update' }));
      expect(await within(card).findByText(said!)).toBeTruthy();
    }
    fireEvent.change(progress, { target: { value: '100' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Update' }));
    expect(
      await within(card).findByText('Upload the finished files or add the delivery link before setting 100 %.'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(progress, { target: { value: '60' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Job updated successfully')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')!.body!)).toEqual({ progress: 60 });
  });

  it('cancelling a job asks first: keeping it sends nothing, confirming cancels it in the dialog', async () => {
    startStaffSession('staff-tok', manager, inAnHour());
    const cancelled = job({ status: 'CANCELLED', updatedAt: '2026-01-02T10:00:00.000Z' });
    const { calls } = stubFetch({
      'GET /api/jobs': [
        () => jsonResponse({ jobs: [job()], nextCursor: null }),
        () => jsonResponse({ jobs: [cancelled], nextCursor: null }),
      ],
      'GET /api/admin/editors': () => jsonResponse({ editors: [] }),
      'PUT /api/jobs/01JD0J0B000000000000000001': () => jsonResponse({ job: cancelled }),
    });
    renderRoutes(appRoutes, { path: '/edit-job' });
    const cancel = await screen.findByRole('button', { name: 'Cancel job' }, { timeout: 5000 });
    fireEvent.click(cancel);
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this job?' });
    expect(dialog.textContent).toContain('A cancelled job can no longer change.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the job' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel job' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel the job' }));
    expect(await screen.findByText('Job updated successfully')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(JSON.parse(put[0]!.body!)).toEqual({ status: 'CANCELLED' });
  });

  it("the client's 'Your Jobs' shows a completed job's delivery link, and none before completion", async () => {
    stubFetch({
      ...asSignedInClient(),
      ...organisationJobsStubs(() =>
        jsonResponse({
          jobs: [
            job({
              status: 'COMPLETED',
              progress: 100,
              editorId: 'e-1',
              editorDropboxLink: 'https://dropbox.example/delivered',
            }),
            job({
              id: '01JD0J0B000000000000000009',
              serviceName: 'Jewelry',
              status: 'IN_PROGRESS',
              progress: 40,
              editorId: 'e-1',
              editorDropboxLink: 'https://dropbox.example/draft',
            }),
          ],
        }),
      ),
    });
    renderRoutes(appRoutes, { path: '/dashboard' });
    const link = await screen.findByRole('link', { name: 'Download your edited photos' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('https://dropbox.example/delivered');
    expect(link.closest('article')?.textContent).toContain('Completed');
    expect(screen.getAllByRole('link', { name: 'Download your edited photos' })).toHaveLength(1);
  });

  it("the client's 'Your Jobs' says a delivery by link waits for payment when the server keeps the link back", async () => {
    stubFetch({
      ...asSignedInClient(),
      // As the server answers a client for an unpaid job delivered by link (#32): no link.
      ...organisationJobsStubs(() =>
        jsonResponse({ jobs: [job({ status: 'DELIVERED', progress: 100, editorId: 'e-1', editorDropboxLink: null })] }),
      ),
    });
    renderRoutes(appRoutes, { path: '/dashboard' });
    const note = await screen.findByText(
      'Your edited photos are ready: they are released once the job is paid.',
      {},
      { timeout: 5000 },
    );
    expect(note.closest('article')?.querySelector('a[href^="https://dropbox.example/delivered"]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Pay Now for Ecommerce' })).toBeTruthy();
  });

  it("the editor's page shows the client's name, not an e-mail or the payment the server keeps from editors", async () => {
    startStaffSession('staff-tok', editor, inAnHour());
    stubFetch({
      // As the server answers an editor (#32): the client's name only, no payment.
      'GET /api/jobs/assigned-jobs': () =>
        jsonResponse({
          assignedJobs: [
            job({ editorId: 'e-1', status: 'IN_PROGRESS', client: { name: 'Ann Client', email: null }, payment: null }),
          ],
        }),
    });
    renderRoutes(appRoutes, { path: '/editor' });
    const card = (await screen.findByRole('heading', { level: 2, name: 'Ecommerce' }, { timeout: 5000 })).closest(
      'li',
    )!;
    expect(within(card).getByText(/Ann Client/)).toBeTruthy();
    expect(card.querySelector('a[href^="mailto:"]')).toBeNull();
    expect(card.textContent).not.toContain('null');
    expect(card.querySelector('[data-payment]')).toBeNull();
    expect(card.textContent).not.toMatch(/Payment/);
    // What the work needs is there: the instructions and the client's photos.
    expect(card.textContent).toContain('White background');
    expect(within(card).getByRole('link', { name: 'Open client photos' }).getAttribute('href')).toBe(
      'https://dropbox.example/raw',
    );
  });
});
