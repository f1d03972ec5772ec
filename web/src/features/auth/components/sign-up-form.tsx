import { useState, type FormEvent } from 'react';
import { passwordPolicyText, signUpBodySchema } from '@studio/shared/auth';
import { FormAlert, FormField } from '../../../components/form-field.tsx';
import { apiFieldErrors, schemaFieldErrors, type FieldErrors } from '../../../lib/form-issues.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useSignUp } from '../api/sign-up.ts';
import { accountErrorOptions, authMessages } from './auth-errors.ts';
import { CodeStep } from './code-step.tsx';
import './auth.css';

/** Spec §2: username, e-mail, password, then the one-time-code step; `onVerified` moves on to sign-in. */
export function SignUpForm({ onVerified }: { onVerified: (email: string) => void }) {
  const [values, setValues] = useState({ username: '', email: '', password: '' });
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const signUp = useSignUp();

  if (registeredEmail) return <CodeStep email={registeredEmail} onVerified={() => onVerified(registeredEmail)} />;

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const problems = schemaFieldErrors(signUpBodySchema, values);
    setFields(problems);
    if (Object.keys(problems).length > 0) return;
    signUp.mutate(
      { username: values.username.trim(), email: values.email.trim(), password: values.password },
      {
        onSuccess: (answer) => setRegisteredEmail(answer.email),
        onError: (cause) => {
          setFields(apiFieldErrors(cause));
          setError(apiErrorText(cause, authMessages.signUpFailed, accountErrorOptions));
        },
      },
    );
  }

  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  return (
    <form className="form auth-form" onSubmit={submit} noValidate>
      {error && <FormAlert>{error}</FormAlert>}
      <FormField
        label="Username"
        name="username"
        autoComplete="username"
        required
        value={values.username}
        onChange={set('username')}
        error={fields.username}
      />
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={set('email')}
        error={fields.email}
      />
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={set('password')}
        hint={`Use ${passwordPolicyText}.`}
        error={fields.password}
      />
      <button type="submit" className="button button--primary" disabled={signUp.isPending}>
        {signUp.isPending ? 'Signing up...' : 'Sign Up'}
      </button>
    </form>
  );
}
