import { fireEvent, render, screen } from '@testing-library/react';
import { passwordPolicyText } from '@studio/shared/auth';
import { describe, expect, it, vi } from 'vitest';
import { AccountActions, AccountCard, AccountForm, OneTimeCodeField, PasswordField } from './account-fields.tsx';

const field = { name: 'x', value: '', onChange: () => undefined };
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('account fields', () => {
  it('asks for the current password to sign in, and shows the policy for a new one', () => {
    render(
      <>
        <PasswordField {...field} />
        <PasswordField label="New password" chosen {...field} error="Password needs a digit." />
      </>,
    );
    expect(input('Password').type).toBe('password');
    expect(input('Password').autocomplete).toBe('current-password');
    expect(input('Password').hasAttribute('aria-describedby')).toBe(false);
    expect(input('New password').autocomplete).toBe('new-password');
    expect(input('New password').required).toBe(true);
    expect(describedBy(input('New password'))).toBe(`Use ${passwordPolicyText}. | Password needs a digit.`);
  });

  it('takes a 6-digit code as one-time code, with digits on a phone keyboard', () => {
    render(<OneTimeCodeField label="Reset code" hint="From the e-mail." {...field} />);
    const code = input('Reset code');
    expect([code.inputMode, code.autocomplete, code.maxLength, code.pattern]).toEqual([
      'numeric',
      'one-time-code',
      6,
      '[0-9]{6}',
    ]);
    expect(describedBy(code)).toBe('From the e-mail.');
  });

  it("puts the intro before the form's failure, sends with the hook's handler, and says the busy label", () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const { rerender } = render(
      <AccountForm onSubmit={onSubmit} error="Enter your email." label="Reset" intro={<p>Intro</p>}>
        <AccountActions busy={false} label="Send" busyLabel="Sending..." />
      </AccountForm>,
    );
    const form = screen.getByRole('form', { name: 'Reset' }) as HTMLFormElement;
    expect(form.noValidate).toBe(true);
    expect([...form.children].map((child) => child.textContent)).toEqual(['Intro', 'Enter your email.', 'Send']);
    expect(screen.getByRole('alert').textContent).toBe('Enter your email.');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(
      <AccountForm onSubmit={onSubmit} error={null}>
        <AccountActions busy label="Send" busyLabel="Sending..." />
      </AccountForm>,
    );
    expect((screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names its section by its heading and says the notice the last page left', () => {
    render(
      <AccountCard title="Log in" notice="Your e-mail address is confirmed.">
        <p>form</p>
      </AccountCard>,
    );
    const card = screen.getByRole('region', { name: 'Log in' });
    expect(card.querySelector('h1')?.textContent).toBe('Log in');
    expect(screen.getByRole('status').textContent).toBe('Your e-mail address is confirmed.');
  });
});
