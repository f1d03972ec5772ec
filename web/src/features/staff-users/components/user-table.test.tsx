import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '@studio/shared/job';
import type { ClientUser, StaffUser } from '@studio/shared/user';
import { errorEnvelope } from '@studio/shared/errors';
import { ConfirmProvider } from '../../../components/confirm-dialog.tsx';
import { startStaffSession } from '../../../lib/staff-session.ts';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { UserTable } from './user-table.tsx';
import { jobFixture, pricedAt } from '../../../testing/job-fixtures.ts';

const clients: ClientUser[] = [
  {
    id: 'c-2',
    username: 'zoe',
    name: 'Zoe',
    email: 'zoe@example.com',
    isVerified: true,
    createdAt: '2026-02-01T00:00:00.000Z',
  },
  {
    id: 'c-1',
    username: 'adam',
    name: 'Adam',
    email: 'adam@example.com',
    isVerified: false,
    createdAt: '2026-03-01T00:00:00.000Z',
  },
];
const admin: StaffUser = {
  id: 'a-1',
  username: 'Ada Admin',
  email: 'ada@example.com',
  role: 'SUPER_ADMIN',
  status: 'ACTIVE',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const editor: StaffUser = {
  id: 'e-1',
  username: 'Eve Editor',
  email: 'eve@example.com',
  role: 'EDITOR',
  status: 'ACTIVE',
  createdAt: '2026-01-02T00:00:00.000Z',
};

const job: Job = jobFixture({
  clientId: 'c-1',
  client: { name: 'Cleo Client', email: 'cleo@example.com' },
  serviceName: 'Jewelry',
  currency: 'EUR',
  numberOfPhotos: 12,
  status: 'IN_PROGRESS',
  progress: 40,
  editorId: 'e-1',
  ...pricedAt(1234),
  createdAt: '2026-03-02T00:00:00.000Z',
  updatedAt: '2026-03-02T00:00:00.000Z',
});

beforeEach(() => {
  startStaffSession(
    'staff-tok',
    { id: 'a-1', email: 'ada@example.com', username: 'Ada Admin', role: 'SUPER_ADMIN' },
    new Date(Date.now() + 3_600_000).toISOString(),
  );
});

function renderTable() {
  return renderWithProviders(
    <ConfirmProvider>
      <UserTable />
    </ConfirmProvider>,
  );
}

const rowNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.querySelector('.data-table__value')?.textContent);

describe('UserTable (staff-users)', () => {
  it('lists the clients, sorts them, and shows one client’s jobs in a dialog closed by Escape', async () => {
    stubFetch({
      'GET /api/users': () => jsonResponse({ users: clients }),
      'GET /api/jobs/user-jobs?userId=c-1': () => jsonResponse({ jobs: [job] }),
      'GET /api/jobs/user-jobs?userId=c-2': () => jsonResponse({ jobs: [] }),
    });
    renderTable();
    const table = await screen.findByRole('table', { name: 'Client accounts' }, { timeout: 3000 });
    expect(rowNames(table)).toEqual(['zoe', 'adam']);
    fireEvent.click(within(table).getByRole('button', { name: 'Username' }));
    expect(rowNames(table)).toEqual(['adam', 'zoe']);

    const opener = screen.getByRole('button', { name: 'View jobs of adam' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Jobs of adam' });
    const jobs = await within(dialog).findByRole('table', { name: 'Jobs of adam' });
    expect(within(jobs).getByRole('rowheader').textContent).toContain('Jewelry');
    expect(jobs.textContent).toContain('In progress');
    expect(jobs.textContent).toContain('€12.34');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    fireEvent.click(screen.getByRole('button', { name: 'View jobs of zoe' }));
    expect(await screen.findByText('No jobs for this user')).toBeTruthy();
  });

  it('deletes a client after the confirmation and reads only the clients again', async () => {
    const { calls } = stubFetch({
      'GET /api/users': [() => jsonResponse({ users: clients }), () => jsonResponse({ users: [clients[0]] })],
      'DELETE /api/users/c-1': () => jsonResponse({ message: 'Deleted', id: 'c-1' }),
    });
    renderTable();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete adam' }, { timeout: 3000 }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete adam?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('User deleted successfully')).toBeTruthy();
    expect(rowNames(screen.getByRole('table', { name: 'Client accounts' }))).toEqual(['zoe']);
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'GET /api/users',
      'DELETE /api/users/c-1',
      'GET /api/users',
    ]);
  });

  it('invites with the route’s schema: field problems before sending and from the server, then success', async () => {
    const { calls } = stubFetch({
      'GET /api/admin': [
        () => jsonResponse({ admins: [admin, editor] }),
        () => jsonResponse({ admins: [admin, editor] }),
      ],
      'GET /api/users': () => jsonResponse({ users: clients }),
      'POST /api/admin/invite': [
        () =>
          jsonResponse(
            errorEnvelope('BAD_REQUEST', 'The request is not valid.', {
              issues: [{ path: 'body.email', message: 'An account with this e-mail already exists.' }],
            }),
            400,
          ),
        () => jsonResponse({ admin: { ...editor, id: 'e-2', email: 'new@example.com' } }, 201),
      ],
    });
    renderTable();
    fireEvent.click(await screen.findByRole('tab', { name: 'Admins' }, { timeout: 3000 }));
    const form = (await screen.findByRole('heading', { name: 'Invite a staff member' })).closest('form')!;
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(within(form).getByText('Enter a username.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Nia New' } });
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'MANAGER' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('An account with this e-mail already exists.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new@example.com.')).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(JSON.parse(posts.at(-1)!.body!)).toEqual({ email: 'new@example.com', username: 'Nia New', role: 'MANAGER' });
    expect((within(form).getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect((within(form).getByLabelText('Role') as HTMLSelectElement).value).toBe('MANAGER');
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/admin')).toHaveLength(2));
  });

  it('disables another member at once, and offers no action on oneself', async () => {
    const { calls } = stubFetch({
      'GET /api/admin': [
        () => jsonResponse({ admins: [admin, editor] }),
        () => jsonResponse({ admins: [admin, { ...editor, status: 'DISABLED' }] }),
      ],
      'GET /api/users': () => jsonResponse({ users: clients }),
      'PUT /api/admin/e-1/status': () => jsonResponse({ admin: { ...editor, status: 'DISABLED' } }),
    });
    renderTable();
    fireEvent.click(await screen.findByRole('tab', { name: 'Admins' }, { timeout: 3000 }));
    const table = await screen.findByRole('table', { name: 'Staff accounts' });
    const own = within(table)
      .getByRole('rowheader', { name: /Ada Admin \(you\)/ })
      .closest('tr')!;
    expect(within(own).queryAllByRole('button')).toHaveLength(0);
    fireEvent.click(within(table).getByRole('button', { name: 'Disable Eve Editor' }));
    expect(await screen.findByText('Eve Editor is disabled.')).toBeTruthy();
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')!.body!)).toEqual({ status: 'DISABLED' });
    expect(await within(table).findByRole('button', { name: 'Enable Eve Editor' })).toBeTruthy();
  });
});
