import { useState } from 'react';
import { signInBodySchema, type SignInResponse } from '@studio/shared/auth';
import type { RouteBody } from '@studio/shared/routes';
import { AccountActions, AccountForm, PasswordField } from '../../../components/account-fields.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSchemaForm, type SubmitOptions } from '../../../lib/use-schema-form.ts';
import { useSignIn } from '../api/sign-in.ts';
import { authMessages } from './auth-errors.ts';
import { CodeStep } from './code-step.tsx';
import { ForgotPassword } from './forgot-password.tsx';
import './auth.css';

/**
 * Spec §8's one sentence for a failed sign-in; the server's own words only for too many attempts
 * (429) and for a 403, which says what to do (verify the e-mail, reset the password, use the
 * staff login).
 */
const signInFailure: SubmitOptions = {
  failureText: authMessages.signInFailed,
  errorOptions: { serverText: (error) => error.status === 429 || error.status === 403 },
};

type Mode = 'sign-in' | 'verify' | 'forgot';
type SignInBody = RouteBody<'signIn'>;

/**
 * E-mail and password (spec §2). An unverified account (403) is offered the code step and signed in
 * right after; 'Forgot Password?' resets the password by e-mailed code, then signs in.
 */
export function SignInForm({ onSignedIn }: { onSignedIn: (answer: SignInResponse) => void }) {
  const form = useSchemaForm({
    schema: signInBodySchema,
    initialValues: { email: '', password: '' },
    // Empty, the address is missing rather than not valid (the schema's word).
    check: ({ email }) => (email.trim() ? {} : { email: 'Enter your email.' }),
  });
  const [mode, setMode] = useState<Mode>('sign-in');
  const [unverified, setUnverified] = useState(false);
  const signIn = useSignIn();

  async function signInWith(body: SignInBody) {
    setUnverified(false);
    try {
      onSignedIn(await signIn.mutateAsync(body));
    } catch (cause) {
      // 403 also means "reset your password" or "staff account"; the server's words say which.
      // Only the unverified case (its message asks to verify) gets the code step.
      if (cause instanceof ApiError && cause.status === 403) setUnverified(/verif/i.test(cause.message));
      throw cause;
    }
  }

  const submit = form.handleSubmit(signInWith, signInFailure);
  /** Signs in right after the code step or a new password, with what the visitor gave there. */
  const attempt = (body: SignInBody) =>
    void Promise.resolve(body)
      .then((typed) => signInWith(signInBodySchema.parse(typed)))
      .catch((cause: unknown) => form.fail(cause, signInFailure));
  const email = form.values.email.trim();

  if (mode === 'verify') {
    return (
      <CodeStep
        email={email}
        codeJustSent={false}
        onVerified={() => {
          setMode('sign-in');
          attempt({ email, password: form.values.password });
        }}
      />
    );
  }

  if (mode === 'forgot') {
    return (
      <ForgotPassword
        initialEmail={email}
        onCancel={() => setMode('sign-in')}
        onReset={(newEmail, password) => {
          form.reset({ email: newEmail, password });
          setMode('sign-in');
          attempt({ email: newEmail, password });
        }}
      />
    );
  }

  return (
    <AccountForm onSubmit={submit} error={form.formError}>
      {unverified && (
        <button type="button" className="button button--secondary" onClick={() => setMode('verify')}>
          Enter the verification code
        </button>
      )}
      <FormField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
      <PasswordField {...form.field('password')} />
      <AccountActions busy={form.submitting || signIn.isPending} label="Log in" busyLabel="Signing in...">
        <button type="button" className="link-button" onClick={() => setMode('forgot')}>
          Forgot Password?
        </button>
      </AccountActions>
    </AccountForm>
  );
}
