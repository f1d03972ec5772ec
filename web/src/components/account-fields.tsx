import { useId, type ChangeEventHandler, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { passwordPolicyText } from '@studio/shared/auth';
import { FormAlert, FormField } from './form-field.tsx';

/** What a form hook's `field(name)` gives a text field. */
interface FieldProps {
  name: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  error?: string;
}

/**
 * A password of the account pages (client and staff): the one typed to sign in, or with `chosen`
 * a new one, which the password manager may fill in and which is shown the pool's policy.
 */
export function PasswordField({
  label = 'Password',
  chosen = false,
  ...field
}: FieldProps & { label?: string; chosen?: boolean }) {
  return (
    <FormField
      label={label}
      type="password"
      autoComplete={chosen ? 'new-password' : 'current-password'}
      required
      hint={chosen ? `Use ${passwordPolicyText}.` : undefined}
      {...field}
    />
  );
}

/** A 6-digit one-time code: e-mailed (verification, password reset) or from an authenticator app. */
export function OneTimeCodeField({
  label,
  hint,
  ...field
}: FieldProps & { label: string; hint?: ReactNode } & Pick<InputHTMLAttributes<HTMLInputElement>, 'autoFocus'>) {
  return (
    <FormField
      label={label}
      hint={hint}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      required
      {...field}
    />
  );
}

/**
 * The form of an account page (sign-in, sign-up, codes, password reset, staff sign-in): checked
 * by its hook (`noValidate`), `intro` first, then the form's failure, then the fields.
 */
export function AccountForm({
  onSubmit,
  error,
  label,
  intro,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  error: string | null;
  /** The form's accessible name, where the page has more than one step. */
  label?: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form className="form auth-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={label}>
      {intro}
      {error && <FormAlert>{error}</FormAlert>}
      {children}
    </form>
  );
}

/**
 * The buttons under an account form: its submit button, which reads `busyLabel` and is disabled
 * while the form is sent, then the form's other buttons (`children`: back, forgot, resend).
 */
export function AccountActions({
  busy,
  label,
  busyLabel,
  children,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  children?: ReactNode;
}) {
  return (
    <div className="auth-form__actions">
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
      {children}
    </div>
  );
}

/**
 * The card of an account page (log in, sign up, staff sign-in): its heading, the notice a page
 * that sent the visitor here left (e.g. 'Your e-mail address is confirmed.'), then the form and
 * its links.
 */
export function AccountCard({ title, notice, children }: { title: string; notice?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="auth-card" aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      {notice && (
        <p className="form__success" role="status">
          {notice}
        </p>
      )}
      {children}
    </section>
  );
}
