import { errorEnvelope } from '@studio/shared/errors';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { SignUpForm } from './sign-up-form.tsx';

function fill(values: { username: string; email: string; password: string }) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: values.username } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: values.email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: values.password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

const good = { username: 'Ana Client', email: 'ana@example.com', password: 'Retouch-2026' };

describe('SignUpForm', () => {
  it('checks the password policy before sending anything', () => {
    const { calls } = stubFetch({});
    renderWithProviders(<SignUpForm onSignedIn={vi.fn()} onVerified={vi.fn()} />);
    fill({ ...good, password: 'short' });
    expect(screen.getByText(/^Password needs at least 8 characters/)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's reason it can act on (too many attempts), the spec's text otherwise", async () => {
    stubFetch({
      'POST /api/users/signup': [
        () => jsonResponse(errorEnvelope('TOO_MANY_REQUESTS', 'Too many requests. Please wait 60 seconds.'), 429),
        () => jsonResponse(errorEnvelope('INTERNAL', 'Something went wrong'), 500),
      ],
    });
    renderWithProviders(<SignUpForm onSignedIn={vi.fn()} onVerified={vi.fn()} />);
    fill(good);
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please wait 60 seconds.');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Signup failed. Please try again.')).toBeTruthy();
  });

  it('goes to the code step whatever the e-mail, and says what an existing account gets instead', async () => {
    // The API answers the same for a new e-mail and one with an account (#19).
    stubFetch({
      'POST /api/users/signup': () => jsonResponse({ message: 'Code sent', email: 'ana@example.com' }, 201),
    });
    renderWithProviders(<SignUpForm onSignedIn={vi.fn()} onVerified={vi.fn()} />);
    fill(good);
    await screen.findByLabelText('Verification code');
    expect(screen.getByText(/If this e-mail already has an account, we sent it a message instead/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'sign in' }).getAttribute('href')).toBe('/signin');
  });

  it('asks for the code, resends it only after the cooldown, reports a failed verification, then signs the client in', async () => {
    const onVerified = vi.fn();
    const onSignedIn = vi.fn();
    const session = {
      token: 'tok-new',
      user: { id: 'user-9', name: 'Ana Client', username: 'Ana Client', email: 'ana@example.com', initials: 'AC' },
    };
    const { calls } = stubFetch({
      'POST /api/users/signup': () => jsonResponse({ message: 'Code sent', email: 'ana@example.com' }, 201),
      'POST /api/users/verify-email': [
        () => jsonResponse(errorEnvelope('INTERNAL', 'boom'), 500),
        () => jsonResponse({ message: 'Verified' }),
      ],
      'POST /api/users/signin': () => jsonResponse(session),
    });
    renderWithProviders(<SignUpForm onSignedIn={onSignedIn} onVerified={onVerified} />);
    fill(good);

    await screen.findByLabelText('Verification code');
    const resend = screen.getByRole('button', { name: /^Resend code \(30s\)$/ }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('OTP verification failed. Please try again.');

    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    // Verified: signed in at once with the password just chosen, no second log-in.
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(session));
    expect(onVerified).not.toHaveBeenCalled();
    expect(JSON.parse(calls.at(-2)?.body ?? '{}')).toEqual({ email: 'ana@example.com', otp: '123456' });
    expect(JSON.parse(calls.at(-1)?.body ?? '{}')).toEqual({ email: 'ana@example.com', password: good.password });
  });

  it('sends the client to log in when the sign-in after the code fails', async () => {
    const onVerified = vi.fn();
    const onSignedIn = vi.fn();
    stubFetch({
      'POST /api/users/signup': () => jsonResponse({ message: 'Code sent', email: 'ana@example.com' }, 201),
      'POST /api/users/verify-email': () => jsonResponse({ message: 'Verified' }),
      'POST /api/users/signin': () =>
        jsonResponse(errorEnvelope('TOO_MANY_REQUESTS', 'Too many requests. Please wait 60 seconds.'), 429),
    });
    renderWithProviders(<SignUpForm onSignedIn={onSignedIn} onVerified={onVerified} />);
    fill(good);
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledWith('ana@example.com'));
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
