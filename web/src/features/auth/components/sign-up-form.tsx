import { useState } from 'react';
import { signUpBodySchema, type SignInResponse } from '@studio/shared/auth';
import { AccountForm, PasswordField } from '../../../components/account-fields.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useSignIn } from '../api/sign-in.ts';
import { useSignUp } from '../api/sign-up.ts';
import { accountErrorOptions, authMessages } from './auth-errors.ts';
import { CodeStep } from './code-step.tsx';
import './auth.css';

/**
 * Spec §2: username, e-mail, password, then the one-time-code step. Once the code confirms the
 * address the new client is signed in with the password just chosen (`onSignedIn`), so there is no
 * second log-in; the password is kept in memory for that one call only. Should that sign-in fail
 * (too many attempts, say), `onVerified` moves on to the log-in page instead.
 */
export function SignUpForm({
  onSignedIn,
  onVerified,
}: {
  onSignedIn: (answer: SignInResponse) => void;
  onVerified: (email: string) => void;
}) {
  const form = useSchemaForm({
    schema: signUpBodySchema,
    initialValues: { username: '', email: '', password: '' },
  });
  const [registered, setRegistered] = useState<{ email: string; password: string } | null>(null);
  const signUp = useSignUp();
  const signIn = useSignIn();

  if (registered && (signIn.isPending || signIn.isSuccess)) {
    return (
      <p className="form__success" role="status">
        Your e-mail address is confirmed. Signing you in...
      </p>
    );
  }
  if (registered) {
    return (
      <CodeStep
        email={registered.email}
        afterSignUp
        onVerified={() =>
          signIn.mutate(registered, {
            onSuccess: (answer) => onSignedIn(answer),
            onError: () => onVerified(registered.email),
          })
        }
      />
    );
  }

  const submit = form.handleSubmit(
    async (body) => setRegistered({ email: (await signUp.mutateAsync(body)).email, password: body.password }),
    { failureText: authMessages.signUpFailed, errorOptions: accountErrorOptions },
  );

  return (
    <AccountForm onSubmit={submit} error={form.formError}>
      <FormField label="Username" autoComplete="username" required {...form.field('username')} />
      <FormField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
      <PasswordField chosen {...form.field('password')} />
      <button type="submit" className="button button--primary" disabled={form.submitting}>
        {form.submitting ? 'Signing up...' : 'Sign Up'}
      </button>
    </AccountForm>
  );
}
