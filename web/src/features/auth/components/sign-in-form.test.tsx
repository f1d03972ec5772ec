import { errorEnvelope } from '@studio/shared/errors';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { SignInForm } from './sign-in-form.tsx';

const answer = {
  token: 'tok-1',
  user: { id: 'u-1', name: 'Ana Client', username: 'ana', email: 'ana@example.com', initials: 'AC' },
};
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const bodies = (calls: { url: URL; body?: string | null }[], path: string) =>
  calls.filter((call) => call.url.pathname === path).map((call) => JSON.parse(call.body ?? '{}') as unknown);

describe('SignInForm', () => {
  it('asks for the e-mail and the password before sending anything', async () => {
    const { calls } = stubFetch({});
    renderWithProviders(<SignInForm onSignedIn={vi.fn()} />);
    press('Log in');
    expect(await screen.findByText('Enter your email.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Please correct the fields marked below.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    expect(calls).toHaveLength(0);
  });

  it('offers the code step to an unverified account, then signs in with what was typed', async () => {
    const onSignedIn = vi.fn();
    const { calls } = stubFetch({
      'POST /api/users/signin': [
        () => jsonResponse(errorEnvelope('FORBIDDEN', 'Verify your e-mail address first.'), 403),
        () => jsonResponse(answer),
      ],
      'POST /api/users/verify-email': () => jsonResponse({ message: 'Verified' }),
    });
    renderWithProviders(<SignInForm onSignedIn={onSignedIn} />);
    type('Email', ' Ana@Example.com ');
    type('Password', 'Retouch-2026');
    press('Log in');
    expect((await screen.findByRole('alert')).textContent).toBe('Verify your e-mail address first.');
    press('Enter the verification code');
    type('Verification code', '123456');
    press('Verify');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(answer));
    expect(bodies(calls, '/api/users/verify-email')).toEqual([{ email: 'ana@example.com', otp: '123456' }]);
    expect(bodies(calls, '/api/users/signin')).toEqual([
      { email: 'ana@example.com', password: 'Retouch-2026' },
      { email: 'ana@example.com', password: 'Retouch-2026' },
    ]);
  });

  it('resets a forgotten password by code, marks a refused field, then signs in with the new password', async () => {
    const onSignedIn = vi.fn();
    const { calls } = stubFetch({
      'POST /api/users/forgot-password': () => jsonResponse({ message: 'Code sent' }),
      'POST /api/users/reset-password': [
        () =>
          jsonResponse(
            errorEnvelope('BAD_REQUEST', 'The request is not valid.', {
              issues: [{ path: 'body.code', message: 'That code has expired.' }],
            }),
            400,
          ),
        () => jsonResponse({ message: 'Password changed' }),
      ],
      'POST /api/users/signin': () => jsonResponse(answer),
    });
    renderWithProviders(<SignInForm onSignedIn={onSignedIn} />);
    press('Forgot Password?');
    press('Send reset code');
    expect(await screen.findByText('Enter your email.')).toBeTruthy();
    type('Email', 'ana@example.com');
    press('Send reset code');
    await screen.findByLabelText('Reset code');
    type('Reset code', '654321');
    type('New password', 'short');
    press('Set new password');
    expect(await screen.findByText(/^Password needs at least 8 characters/)).toBeTruthy();
    type('New password', 'Second-Pass2');
    press('Set new password');
    expect(await screen.findByText('That code has expired.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Password reset failed. Please try again.');
    type('Reset code', '111222');
    press('Set new password');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(answer));
    expect(bodies(calls, '/api/users/reset-password').at(-1)).toEqual({
      email: 'ana@example.com',
      code: '111222',
      password: 'Second-Pass2',
    });
    expect(bodies(calls, '/api/users/signin')).toEqual([{ email: 'ana@example.com', password: 'Second-Pass2' }]);
  });
});
