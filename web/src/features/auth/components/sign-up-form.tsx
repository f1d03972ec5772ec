import { useState } from 'react';
import { signUpBodySchema } from '@studio/shared/auth';
import { AccountForm, PasswordField } from '../../../components/account-fields.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useSignUp } from '../api/sign-up.ts';
import { accountErrorOptions, authMessages } from './auth-errors.ts';
import { CodeStep } from './code-step.tsx';
import './auth.css';

/** Spec §2: username, e-mail, password, then the one-time-code step; `onVerified` moves on to sign-in. */
export function SignUpForm({ onVerified }: { onVerified: (email: string) => void }) {
  const form = useSchemaForm({
    schema: signUpBodySchema,
    initialValues: { username: '', email: '', password: '' },
  });
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const signUp = useSignUp();

  if (registeredEmail) {
    return <CodeStep email={registeredEmail} afterSignUp onVerified={() => onVerified(registeredEmail)} />;
  }

  const submit = form.handleSubmit(async (body) => setRegisteredEmail((await signUp.mutateAsync(body)).email), {
    failureText: authMessages.signUpFailed,
    errorOptions: accountErrorOptions,
  });

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
