import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { getSession, startSession, endSession } from '../../../lib/session.ts';
import { endStaffSession, getStaffSession, startStaffSession } from '../../../lib/staff-session.ts';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { SignOutEverywhere, signedOutEverywhereNotice } from './sign-out-everywhere.tsx';

const user = { id: 'u-1', name: 'Chris Client', username: 'chris', email: 'chris@example.com', initials: 'CC' };

function SignInProbe() {
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  return <p>Sign-in page: {notice}</p>;
}

function renderAt(audience: 'client' | 'staff') {
  return renderRoutes(
    [
      { path: '/dashboard', element: <SignOutEverywhere audience={audience} /> },
      { path: '/login', element: <SignInProbe /> },
      { path: '/admin-login', element: <SignInProbe /> },
    ],
    { path: '/dashboard' },
  );
}

afterEach(() => {
  endSession();
  endStaffSession();
});

describe('sign out everywhere', () => {
  it('asks once more, then ends every session on the server and this one, and opens the sign-in page', async () => {
    startSession('client-token', user);
    const { calls } = stubFetch({
      'POST /api/users/sign-out-everywhere': () => jsonResponse({ message: 'You are signed out on every device.' }),
    });
    renderAt('client');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, sign out everywhere' }));
    await screen.findByText(`Sign-in page: ${signedOutEverywhereNotice}`);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer client-token');
    expect(calls[0]!.body).toBeUndefined();
    expect(getSession()).toBeNull();
  });

  it('keeps the session when the person changes their mind, or when the server refuses', async () => {
    startSession('client-token', user);
    stubFetch({
      'POST /api/users/sign-out-everywhere': () =>
        jsonResponse({ statusCode: 503, error: 'SERVICE_UNAVAILABLE', message: 'Busy.' }, 503),
    });
    renderAt('client');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep me signed in' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, sign out everywhere' }));
    await screen.findByRole('alert');
    expect(getSession()?.token).toBe('client-token');
    expect(screen.queryByText(/Sign-in page/)).toBeNull();
  });

  it('in the staff console, with the staff token, back to the staff sign-in', async () => {
    startStaffSession(
      'staff-token',
      { id: 's-1', email: 'mia@example.com', username: 'Mia', role: 'MANAGER' },
      new Date(Date.now() + 3_600_000).toISOString(),
    );
    const { calls } = stubFetch({
      'POST /api/users/sign-out-everywhere': () => jsonResponse({ message: 'You are signed out on every device.' }),
    });
    const { router } = renderAt('staff');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, sign out everywhere' }));
    await screen.findByText(`Sign-in page: ${signedOutEverywhereNotice}`);
    expect(router.state.location.pathname).toBe('/admin-login');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer staff-token');
    expect(getStaffSession()).toBeNull();
  });
});
