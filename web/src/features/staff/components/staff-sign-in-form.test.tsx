import { errorEnvelope } from '@studio/shared/errors';
import { mfaCodeRequiredCode } from '@studio/shared/staff';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { StaffSignInForm } from './staff-sign-in-form.tsx';

const answer = {
  token: 'staff-tok',
  user: { id: 'm-1', email: 'max@example.com', username: 'max', role: 'MANAGER' },
  expiresAt: '2030-01-01T00:00:00.000Z',
};
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('StaffSignInForm', () => {
  it("asks for the authenticator's code, marks a wrong one on its field, and sends the right one", async () => {
    const onSignedIn = vi.fn();
    const { calls } = stubFetch({
      'POST /api/admin/signin': [
        () =>
          jsonResponse(errorEnvelope(mfaCodeRequiredCode, 'Enter the 6-digit code from your authenticator app.'), 403),
        () => jsonResponse(errorEnvelope('UNAUTHORIZED', 'The code from your authenticator app is wrong.'), 401),
        () => jsonResponse(answer),
      ],
    });
    renderWithProviders(<StaffSignInForm onSignedIn={onSignedIn} />);
    type('Email', 'max@example.com');
    type('Password', 'Secret-123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // The next step is not a failure: its words are a notice.
    expect((await screen.findByRole('status')).textContent).toBe('Enter the 6-digit code from your authenticator app.');
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    // Checked before sending: the code is missing.
    expect(await screen.findAllByText('Enter the 6-digit code from your authenticator app.')).toHaveLength(2);
    type('Authenticator code', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    const wrong = await screen.findByText('The code from your authenticator app is wrong.');
    expect(screen.getByLabelText('Authenticator code').getAttribute('aria-describedby')).toContain(wrong.id);

    type('Authenticator code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(answer));
    const bodies = calls.map((call) => JSON.parse(call.body ?? '{}') as unknown);
    expect(bodies).toEqual([
      { email: 'max@example.com', password: 'Secret-123' },
      { email: 'max@example.com', password: 'Secret-123', mfaCode: '000000' },
      { email: 'max@example.com', password: 'Secret-123', mfaCode: '123456' },
    ]);
  });
});
