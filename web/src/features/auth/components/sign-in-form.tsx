import { useState, type FormEvent } from 'react';
import type { SignInResponse } from '@studio/shared/auth';
import { FormAlert, FormField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useSignIn } from '../api/sign-in.ts';
import { authMessages } from './auth-errors.ts';
import { CodeStep } from './code-step.tsx';
import { ForgotPassword } from './forgot-password.tsx';
import './auth.css';

type Mode = 'sign-in' | 'verify' | 'forgot';

/**
 * E-mail and password (spec §2). An unverified account (403) is offered the code step and signed in
 * right after; 'Forgot Password?' resets the password by e-mailed code, then signs in.
 */
export function SignInForm({ onSignedIn }: { onSignedIn: (answer: SignInResponse) => void }) {
  const [values, setValues] = useState({ email: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('sign-in');
  const [unverified, setUnverified] = useState(false);
  const signIn = useSignIn();

  function attempt(email: string, password: string) {
    setError(null);
    setUnverified(false);
    signIn.mutate(
      { email, password },
      {
        onSuccess: onSignedIn,
        onError: (cause) => {
          if (cause instanceof ApiError && cause.status === 403) {
            // 403 also means "reset your password" or "staff account"; the server's words say which.
            // Only the unverified case (its message asks to verify) gets the code step.
            setUnverified(/verif/i.test(cause.message));
            setError(cause.message || 'Your e-mail address is not verified yet.');
          } else {
            // Too many attempts says so; every other failure is the spec's one sentence.
            setError(apiErrorText(cause, authMessages.signInFailed, { serverText: (e) => e.status === 429 }));
          }
        },
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!values.email.trim() || !values.password) {
      setError('Enter your email and password.');
      return;
    }
    attempt(values.email.trim(), values.password);
  }

  if (mode === 'verify') {
    return (
      <CodeStep
        email={values.email.trim()}
        codeJustSent={false}
        onVerified={() => {
          setMode('sign-in');
          attempt(values.email.trim(), values.password);
        }}
      />
    );
  }

  if (mode === 'forgot') {
    return (
      <ForgotPassword
        initialEmail={values.email.trim()}
        onCancel={() => setMode('sign-in')}
        onReset={(email, password) => {
          setValues({ email, password });
          setMode('sign-in');
          attempt(email, password);
        }}
      />
    );
  }

  return (
    <form className="form auth-form" onSubmit={submit} noValidate>
      {error && <FormAlert>{error}</FormAlert>}
      {unverified && (
        <button type="button" className="button button--secondary" onClick={() => setMode('verify')}>
          Enter the verification code
        </button>
      )}
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={(event) => setValues((current) => ({ ...current, email: event.target.value }))}
      />
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={(event) => setValues((current) => ({ ...current, password: event.target.value }))}
      />
      <div className="auth-form__actions">
        <button type="submit" className="button button--primary" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in...' : 'Log in'}
        </button>
        <button type="button" className="link-button" onClick={() => setMode('forgot')}>
          Forgot Password?
        </button>
      </div>
    </form>
  );
}
