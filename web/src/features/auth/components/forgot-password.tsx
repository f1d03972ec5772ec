import { useState } from 'react';
import { emailOnlyBodySchema, resetPasswordBodySchema } from '@studio/shared/auth';
import { AccountActions, AccountForm, OneTimeCodeField, PasswordField } from '../../../components/account-fields.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { useSchemaForm, type SubmitOptions } from '../../../lib/use-schema-form.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { accountErrorOptions } from './auth-errors.ts';

/** The account screens' failures: the spec's text above the form, a refused field marked too. */
const failure = (failureText: string): SubmitOptions => ({
  failureText,
  errorOptions: accountErrorOptions,
  refusedFields: 'failure',
});

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
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const request = useSchemaForm({
    schema: emailOnlyBodySchema,
    initialValues: { email: initialEmail },
    check: ({ email }) => (email.trim() ? {} : { email: 'Enter your email.' }),
  });
  const reset = useSchemaForm({
    schema: resetPasswordBodySchema,
    initialValues: { code: '', password: '' },
    toBody: (values) => ({ ...values, email: codeSentTo ?? '' }),
  });
  const forgot = useForgotPassword();
  const resetPassword = useResetPassword();

  const requestCode = request.handleSubmit(async (body) => {
    await forgot.mutateAsync(body);
    setCodeSentTo(body.email);
  }, failure('Could not send a reset code. Please try again.'));

  const setPassword = reset.handleSubmit(async (body) => {
    await resetPassword.mutateAsync(body);
    onReset(body.email, body.password);
  }, failure('Password reset failed. Please try again.'));

  const backToLogIn = (
    <button type="button" className="link-button" onClick={onCancel}>
      Back to log in
    </button>
  );

  if (codeSentTo === null) {
    return (
      <AccountForm
        onSubmit={requestCode}
        error={request.formError}
        label="Reset your password"
        intro={<p>Enter the e-mail address of your account; we will send you a code to set a new password.</p>}
      >
        <FormField label="Email" type="email" autoComplete="email" required {...request.field('email')} />
        <AccountActions busy={request.submitting} label="Send reset code" busyLabel="Sending...">
          {backToLogIn}
        </AccountActions>
      </AccountForm>
    );
  }

  return (
    <AccountForm
      onSubmit={setPassword}
      error={reset.formError}
      label="Set a new password"
      intro={
        <p>
          If <strong>{codeSentTo}</strong> has an account, a 6-digit code is on its way. Enter it with your new
          password.
        </p>
      }
    >
      <OneTimeCodeField label="Reset code" {...reset.field('code')} />
      <PasswordField label="New password" chosen {...reset.field('password')} />
      <AccountActions busy={reset.submitting} label="Set new password" busyLabel="Saving...">
        {backToLogIn}
      </AccountActions>
    </AccountForm>
  );
}
