import { useState, type FormEvent } from 'react';
import { passwordPolicyText } from '@studio/shared/auth';
import {
  mfaCodeRequiredCode,
  mfaSetupDetailsSchema,
  mfaSetupRequiredCode,
  newPasswordRequiredCode,
  type MfaSetupDetails,
  type StaffSignInResponse,
} from '@studio/shared/staff';
import { FormAlert, FormField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useStaffSignIn } from '../api/staff-sign-in.ts';
import { AuthenticatorSetup } from './authenticator-setup.tsx';

/** Spec §8: the admin-login failure text. */
export const staffSignInFailed = 'Invalid email or password. Please try again.';

type Step = 'password' | 'new-password' | 'code';

/**
 * Staff e-mail and password (spec §2). An invited member's first sign-in (403
 * NEW_PASSWORD_REQUIRED) asks for a new password and signs in with it. Two-step sign-in (#19):
 * an account that has it is asked for the authenticator app's code (403 MFA_CODE_REQUIRED); a role
 * that needs it and has not set it up, or a member who ticks the box, is shown the key to add to an
 * app (403 MFA_SETUP_REQUIRED) and then asked for the code. Each step sends the e-mail and password
 * again with what the step adds; the server keeps no half-signed-in state.
 */
export function StaffSignInForm({ onSignedIn }: { onSignedIn: (answer: StaffSignInResponse) => void }) {
  const [values, setValues] = useState({ email: '', password: '', newPassword: '', mfaCode: '' });
  const [step, setStep] = useState<Step>('password');
  const [setUpMfa, setSetUpMfa] = useState(false);
  const [setup, setSetup] = useState<MfaSetupDetails | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const signIn = useStaffSignIn();

  function missing(): string | null {
    if (!values.email.trim() || !values.password) return 'Enter your email and password.';
    if (step === 'new-password' && !values.newPassword)
      return 'Enter your email, temporary password and a new password.';
    if (step === 'code' && !/^\d{6}$/.test(values.mfaCode.trim())) {
      return 'Enter the 6-digit code from your authenticator app.';
    }
    return null;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setFieldError(undefined);
    const problem = missing();
    if (problem) {
      setError(problem);
      return;
    }
    const sentNewPassword = step === 'new-password' ? values.newPassword : undefined;
    signIn.mutate(
      {
        email: values.email.trim(),
        password: values.password,
        ...(sentNewPassword ? { newPassword: sentNewPassword } : {}),
        ...(step === 'code' ? { mfaCode: values.mfaCode.trim() } : {}),
        ...(step === 'password' && setUpMfa ? { setUpMfa: true } : {}),
      },
      {
        onSuccess: onSignedIn,
        onError: (cause) => {
          if (!(cause instanceof ApiError)) {
            setError(apiErrorText(cause, staffSignInFailed));
            return;
          }
          // A new password was accepted before the next step: it is the password from now on.
          if (sentNewPassword && cause.code !== newPasswordRequiredCode && cause.status !== 400) {
            setValues((current) => ({ ...current, password: sentNewPassword, newPassword: '' }));
          }
          if (cause.code === newPasswordRequiredCode) {
            setStep('new-password');
            setNotice(cause.message);
          } else if (cause.code === mfaSetupRequiredCode) {
            const details = mfaSetupDetailsSchema.safeParse(cause.details);
            setSetup(details.success ? details.data : null);
            setStep('code');
            setValues((current) => ({ ...current, mfaCode: '' }));
            setNotice(cause.message);
          } else if (cause.code === mfaCodeRequiredCode) {
            setStep('code');
            setValues((current) => ({ ...current, mfaCode: '' }));
            setNotice(cause.message);
          } else if (cause.issues.some((i) => i.path === 'body.newPassword')) {
            setFieldError(cause.issues.find((i) => i.path === 'body.newPassword')?.message);
          } else if (step === 'code' && cause.status === 401) {
            // The password was right, or this step would not show: the code was not.
            setFieldError(cause.message);
          } else {
            // Too many attempts says so; every other failure is the spec's one sentence.
            setError(apiErrorText(cause, staffSignInFailed, { serverText: (e) => e.status === 429 }));
          }
        },
      },
    );
  }

  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  return (
    <form className="form auth-form" onSubmit={submit} noValidate>
      {error && <FormAlert>{error}</FormAlert>}
      {notice && (
        <p className="form__success" role="status">
          {notice}
        </p>
      )}
      {step === 'code' && setup && <AuthenticatorSetup setup={setup} />}
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        required
        readOnly={step === 'code'}
        value={values.email}
        onChange={set('email')}
      />
      {step !== 'code' && (
        <FormField
          label={step === 'new-password' ? 'Temporary password' : 'Password'}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={set('password')}
        />
      )}
      {step === 'new-password' && (
        <FormField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          hint={`Needs ${passwordPolicyText}.`}
          error={fieldError}
          value={values.newPassword}
          onChange={set('newPassword')}
        />
      )}
      {step === 'code' && (
        <FormField
          label="Authenticator code"
          name="mfaCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          autoFocus
          hint="The 6-digit code your authenticator app shows now."
          error={fieldError}
          value={values.mfaCode}
          onChange={set('mfaCode')}
        />
      )}
      {step === 'password' && (
        <div className="form__check">
          <input
            id="staff-set-up-mfa"
            type="checkbox"
            checked={setUpMfa}
            onChange={(event) => setSetUpMfa(event.target.checked)}
          />
          <label htmlFor="staff-set-up-mfa">Set up two-step sign-in with an authenticator app</label>
        </div>
      )}
      <div className="auth-form__actions">
        <button type="submit" className="button button--primary" disabled={signIn.isPending}>
          {signIn.isPending
            ? 'Signing in...'
            : step === 'new-password'
              ? 'Set password and sign in'
              : step === 'code'
                ? 'Verify and sign in'
                : 'Sign in'}
        </button>
      </div>
    </form>
  );
}
