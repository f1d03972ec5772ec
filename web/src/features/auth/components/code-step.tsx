import { useEffect, useState } from 'react';
import { verifyEmailBodySchema } from '@studio/shared/auth';
import { Link } from '../../../components/app-link.tsx';
import { paths } from '../../../config/paths.ts';
import { AccountActions, AccountForm, OneTimeCodeField } from '../../../components/account-fields.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useResendCode } from '../api/resend-code.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { accountErrorOptions, authMessages } from './auth-errors.ts';

/** Seconds before another code may be requested: Cognito throttles resends, and so should the button. */
export const resendCooldownSeconds = 30;

/** Counts down once a second from `seconds` after each `start()` (and at once with `startNow`). */
export function useCooldown(seconds: number, startNow = false) {
  const [left, setLeft] = useState(startNow ? seconds : 0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return { left, start: () => setLeft(seconds) };
}

/** The one-time-code step: the 6-digit code from the e-mail, with 'Resend code' behind a cooldown. */
export function CodeStep({
  email,
  onVerified,
  codeJustSent = true,
  afterSignUp = false,
}: {
  email: string;
  onVerified: () => void;
  /** False when the code went out earlier (an unverified sign-in): a new one may be asked for at once. */
  codeJustSent?: boolean;
  /**
   * Reached from sign-up, whose answer never says whether the e-mail had an account already (#19):
   * the step says what the owner of such an account gets instead of a code.
   */
  afterSignUp?: boolean;
}) {
  const form = useSchemaForm({
    schema: verifyEmailBodySchema,
    initialValues: { otp: '' },
    toBody: (values) => ({ ...values, email }),
  });
  const [info, setInfo] = useState<string | null>(null);
  const verify = useVerifyEmail();
  const resend = useResendCode();
  // A code that was just sent (sign-up) starts the wait at once; an older one can be replaced now.
  const cooldown = useCooldown(resendCooldownSeconds, codeJustSent);

  const submit = form.handleSubmit(
    async (body) => {
      setInfo(null);
      await verify.mutateAsync(body);
      onVerified();
    },
    { failureText: authMessages.otpFailed, errorOptions: accountErrorOptions, refusedFields: 'failure' },
  );

  function resendCode() {
    setInfo(null);
    // The marks and the failure of the last try go: a new code is on its way.
    form.reset(form.values);
    resend.mutate(
      { email },
      {
        onSuccess: () => {
          setInfo(`We sent a new code to ${email}.`);
          cooldown.start();
        },
        onError: (cause) =>
          form.fail(cause, {
            failureText: 'Could not send a new code. Please try again.',
            errorOptions: accountErrorOptions,
          }),
      },
    );
  }

  return (
    <AccountForm
      onSubmit={submit}
      error={form.formError}
      intro={
        <>
          <p>
            We sent a 6-digit code to <strong>{email}</strong>. Enter it to confirm your e-mail address.
          </p>
          {afterSignUp && (
            <p className="auth-form__hint">
              No code? If this e-mail already has an account, we sent it a message instead: you can{' '}
              <Link to={paths.signin}>sign in</Link>, or choose a new password with &lsquo;Forgot Password?&rsquo;
              there.
            </p>
          )}
        </>
      }
    >
      {info && (
        <p className="form__success" role="status">
          {info}
        </p>
      )}
      <OneTimeCodeField label="Verification code" {...form.field('otp')} />
      <AccountActions busy={form.submitting} label="Verify" busyLabel="Verifying...">
        <button
          type="button"
          className="button button--secondary"
          onClick={resendCode}
          disabled={resend.isPending || cooldown.left > 0}
        >
          {cooldown.left > 0 ? `Resend code (${cooldown.left}s)` : 'Resend code'}
        </button>
      </AccountActions>
    </AccountForm>
  );
}
