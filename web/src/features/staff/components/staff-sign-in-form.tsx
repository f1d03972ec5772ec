import { useState, type FormEvent } from 'react';
import { passwordPolicyText } from '@studio/shared/auth';
import { newPasswordRequiredCode, type StaffSignInResponse } from '@studio/shared/staff';
import { FormAlert, FormField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useStaffSignIn } from '../api/staff-sign-in.ts';

/** Spec §8: the admin-login failure text. */
export const staffSignInFailed = 'Invalid email or password. Please try again.';

/**
 * Staff e-mail and password (spec §2). An invited member's first sign-in (403
 * NEW_PASSWORD_REQUIRED) asks for a new password and signs in with it.
 */
export function StaffSignInForm({ onSignedIn }: { onSignedIn: (answer: StaffSignInResponse) => void }) {
  const [values, setValues] = useState({ email: '', password: '', newPassword: '' });
  const [needsNewPassword, setNeedsNewPassword] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const signIn = useStaffSignIn();

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setFieldError(undefined);
    if (!values.email.trim() || !values.password || (needsNewPassword && !values.newPassword)) {
      setError(
        needsNewPassword
          ? 'Enter your email, temporary password and a new password.'
          : 'Enter your email and password.',
      );
      return;
    }
    signIn.mutate(
      {
        email: values.email.trim(),
        password: values.password,
        ...(needsNewPassword ? { newPassword: values.newPassword } : {}),
      },
      {
        onSuccess: onSignedIn,
        onError: (cause) => {
          if (cause instanceof ApiError && cause.code === newPasswordRequiredCode) {
            setNeedsNewPassword(true);
            setNotice(cause.message);
          } else if (cause instanceof ApiError && cause.issues.some((i) => i.path === 'body.newPassword')) {
            setFieldError(cause.issues.find((i) => i.path === 'body.newPassword')?.message);
          } else {
            // Too many attempts says so; every other failure is the spec's one sentence.
            setError(apiErrorText(cause, staffSignInFailed, { serverText: (e) => e.status === 429 }));
          }
        },
      },
    );
  }

  return (
    <form className="form auth-form" onSubmit={submit} noValidate>
      {error && <FormAlert>{error}</FormAlert>}
      {notice && (
        <p className="form__success" role="status">
          {notice}
        </p>
      )}
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        required
        value={values.email}
        onChange={(event) => setValues((current) => ({ ...current, email: event.target.value }))}
      />
      <FormField
        label={needsNewPassword ? 'Temporary password' : 'Password'}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={(event) => setValues((current) => ({ ...current, password: event.target.value }))}
      />
      {needsNewPassword && (
        <FormField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          hint={`Needs ${passwordPolicyText}.`}
          error={fieldError}
          value={values.newPassword}
          onChange={(event) => setValues((current) => ({ ...current, newPassword: event.target.value }))}
        />
      )}
      <div className="auth-form__actions">
        <button type="submit" className="button button--primary" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in...' : needsNewPassword ? 'Set password and sign in' : 'Sign in'}
        </button>
      </div>
    </form>
  );
}
