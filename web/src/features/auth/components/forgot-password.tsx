import { useState, type FormEvent } from 'react';
import { passwordPolicyText, resetPasswordBodySchema } from '@studio/shared/auth';
import { FormAlert, FormField } from '../../../components/form-field.tsx';
import { apiFieldErrors, schemaFieldErrors, type FieldErrors } from '../../../lib/form-issues.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { accountErrorOptions } from './auth-errors.ts';

const requestFailed = 'Could not send a reset code. Please try again.';
const resetFailed = 'Password reset failed. Please try again.';

/** 'Forgot Password?': e-mail -> code + new password; `onReset` then signs in with the new password. */
export function ForgotPassword({
  initialEmail,
  onCancel,
  onReset,
}: {
  initialEmail: string;
  onCancel: () => void;
  onReset: (email: string, password: string) => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const forgot = useForgotPassword();
  const reset = useResetPassword();

  function requestCode(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!email.trim()) {
      setFields({ email: 'Enter your email.' });
      return;
    }
    setFields({});
    forgot.mutate(
      { email: email.trim() },
      {
        onSuccess: () => setCodeSent(true),
        onError: (cause) => {
          setFields(apiFieldErrors(cause));
          setError(apiErrorText(cause, requestFailed, accountErrorOptions));
        },
      },
    );
  }

  function resetPassword(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const body = { email: email.trim(), code: code.trim(), password };
    const problems = schemaFieldErrors(resetPasswordBodySchema, body);
    setFields(problems);
    if (Object.keys(problems).length > 0) return;
    reset.mutate(body, {
      onSuccess: () => onReset(body.email, password),
      onError: (cause) => {
        setFields(apiFieldErrors(cause));
        setError(apiErrorText(cause, resetFailed, accountErrorOptions));
      },
    });
  }

  if (!codeSent) {
    return (
      <form className="form auth-form" onSubmit={requestCode} noValidate aria-label="Reset your password">
        <p>Enter the e-mail address of your account; we will send you a code to set a new password.</p>
        {error && <FormAlert>{error}</FormAlert>}
        <FormField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fields.email}
        />
        <div className="auth-form__actions">
          <button type="submit" className="button button--primary" disabled={forgot.isPending}>
            {forgot.isPending ? 'Sending...' : 'Send reset code'}
          </button>
          <button type="button" className="link-button" onClick={onCancel}>
            Back to log in
          </button>
        </div>
      </form>
    );
  }

  return (
    <form className="form auth-form" onSubmit={resetPassword} noValidate aria-label="Set a new password">
      <p>
        If <strong>{email.trim()}</strong> has an account, a 6-digit code is on its way. Enter it with your new
        password.
      </p>
      {error && <FormAlert>{error}</FormAlert>}
      <FormField
        label="Reset code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={fields.code}
      />
      <FormField
        label="New password"
        name="new-password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint={`Use ${passwordPolicyText}.`}
        error={fields.password}
      />
      <div className="auth-form__actions">
        <button type="submit" className="button button--primary" disabled={reset.isPending}>
          {reset.isPending ? 'Saving...' : 'Set new password'}
        </button>
        <button type="button" className="link-button" onClick={onCancel}>
          Back to log in
        </button>
      </div>
    </form>
  );
}
