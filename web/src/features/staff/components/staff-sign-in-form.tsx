import { useState } from 'react';
import {
  mfaCodeRequiredCode,
  mfaSetupDetailsSchema,
  mfaSetupRequiredCode,
  newPasswordRequiredCode,
  staffSignInBodySchema,
  type MfaSetupDetails,
  type StaffSignInBody,
  type StaffSignInResponse,
} from '@studio/shared/staff';
import { AccountActions, AccountForm, OneTimeCodeField, PasswordField } from '../../../components/account-fields.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
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
  const [step, setStep] = useState<Step>('password');
  const form = useSchemaForm({
    schema: staffSignInBodySchema,
    initialValues: { email: '', password: '', newPassword: '', mfaCode: '', setUpMfa: false },
    // Each step sends the e-mail and password again with what the step adds.
    toBody: ({ email, password, newPassword, mfaCode, setUpMfa }) => ({
      email,
      password,
      ...(step === 'new-password' ? { newPassword } : {}),
      ...(step === 'code' ? { mfaCode } : {}),
      ...(step === 'password' && setUpMfa ? { setUpMfa: true } : {}),
    }),
    check: ({ email }) => (email.trim() ? {} : { email: 'Enter your email.' }),
  });
  const [setup, setSetup] = useState<MfaSetupDetails | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const signIn = useStaffSignIn();

  /** A step the server asks for next: shown with its words, not as a failure. */
  function nextStep(next: Step, cause: ApiError) {
    setStep(next);
    setNotice(cause.message);
    if (next === 'code') form.setValue('mfaCode', '');
  }

  async function send(body: StaffSignInBody) {
    try {
      onSignedIn(await signIn.mutateAsync(body));
    } catch (cause) {
      if (!(cause instanceof ApiError)) throw cause;
      // A new password was accepted before the next step: it is the password from now on.
      if (body.newPassword && cause.code !== newPasswordRequiredCode && cause.status !== 400) {
        form.setValue('password', body.newPassword);
        form.setValue('newPassword', '');
      }
      if (cause.code === newPasswordRequiredCode) return nextStep('new-password', cause);
      if (cause.code === mfaSetupRequiredCode) {
        const details = mfaSetupDetailsSchema.safeParse(cause.details);
        setSetup(details.success ? details.data : null);
        return nextStep('code', cause);
      }
      if (cause.code === mfaCodeRequiredCode) return nextStep('code', cause);
      // The password was right, or this step would not show: the code was not.
      if (step === 'code' && cause.status === 401) {
        throw new ApiError(cause.status, cause.code, cause.message, [{ path: 'body.mfaCode', message: cause.message }]);
      }
      throw cause;
    }
  }

  // Too many attempts says so; every other failure is the spec's one sentence. A refused new
  // password or code is marked on its field.
  const submit = form.handleSubmit(send, {
    failureText: staffSignInFailed,
    errorOptions: { serverText: (error) => error.status === 429 },
  });

  return (
    <AccountForm onSubmit={submit} error={form.formError}>
      {notice && (
        <p className="form__success" role="status">
          {notice}
        </p>
      )}
      {step === 'code' && setup && <AuthenticatorSetup setup={setup} />}
      <FormField
        label="Email"
        type="email"
        autoComplete="username"
        required
        readOnly={step === 'code'}
        {...form.field('email')}
      />
      {step !== 'code' && (
        <PasswordField
          label={step === 'new-password' ? 'Temporary password' : 'Password'}
          {...form.field('password')}
        />
      )}
      {step === 'new-password' && <PasswordField label="New password" chosen {...form.field('newPassword')} />}
      {step === 'code' && (
        <OneTimeCodeField
          label="Authenticator code"
          autoFocus
          hint="The 6-digit code your authenticator app shows now."
          {...form.field('mfaCode')}
        />
      )}
      {step === 'password' && (
        <div className="form__check">
          <input id="staff-set-up-mfa" type="checkbox" {...form.checkbox('setUpMfa')} />
          <label htmlFor="staff-set-up-mfa">Set up two-step sign-in with an authenticator app</label>
        </div>
      )}
      <AccountActions
        busy={form.submitting}
        busyLabel="Signing in..."
        label={
          step === 'new-password' ? 'Set password and sign in' : step === 'code' ? 'Verify and sign in' : 'Sign in'
        }
      />
    </AccountForm>
  );
}
