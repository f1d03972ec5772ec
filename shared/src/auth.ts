import * as z from 'zod/mini';
import { userPoolDefinition } from './platform.ts';
import { requiredText } from './text.ts';

/*
 * Client accounts: sign-up with an e-mailed code, sign-in, new code, password reset. Every body
 * is a strict object, so a `role`, `groups` or any other extra key is refused with a 400: a client
 * can never ask to be staff through these routes.
 */

const policy = userPoolDefinition.passwordPolicy;

/** The pool's password policy in words, as the sign-up and reset forms show it. */
export const passwordPolicyText = [
  `at least ${policy.minimumLength} characters`,
  policy.requireLowercase ? 'a lower-case letter' : null,
  policy.requireUppercase ? 'an upper-case letter' : null,
  policy.requireDigits ? 'a digit' : null,
  policy.requireSymbols ? 'a symbol' : null,
]
  .filter(Boolean)
  .join(', ');

const passwordMessage = `Password needs ${passwordPolicyText}.`;

/**
 * A new password that meets the pool's policy. Checked here as well as by Cognito so the form
 * names the field, and because the local Cognito emulator does not enforce the policy.
 */
export const newPasswordSchema = z.string().check(
  // Cognito's own limit.
  z.maxLength(256, 'Password must be at most 256 characters.'),
  z.refine(meetsPasswordPolicy, passwordMessage),
);

export function meetsPasswordPolicy(value: string): boolean {
  return (
    value.length >= policy.minimumLength &&
    (!policy.requireLowercase || /[a-z]/.test(value)) &&
    (!policy.requireUppercase || /[A-Z]/.test(value)) &&
    (!policy.requireDigits || /\d/.test(value)) &&
    (!policy.requireSymbols || /[^A-Za-z0-9]/.test(value))
  );
}

/** A password typed at sign-in: only bounded, never checked against the policy (old accounts). */
const passwordSchema = z.string().check(z.minLength(1, 'Enter your password.'), z.maxLength(256));

/** E-mails are compared without case (the pool is case-insensitive); spaces around are dropped. */
export const emailSchema = z.pipe(
  z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254)),
  z.email('Enter a valid e-mail address.'),
);

/** The 6-digit code Cognito e-mails. */
export const codeSchema = z.string().check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code from the e-mail.'));

export const usernameSchema = requiredText({
  max: 50,
  requiredMessage: 'Enter a username.',
  maxMessage: 'Username must be at most 50 characters.',
});

/** `POST api/users/signup`. */
export const signUpBodySchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;
export const signUpResponseSchema = z.object({ message: z.string(), email: z.string() });

/** `POST api/users/verify-email`. */
export const verifyEmailBodySchema = z.strictObject({ email: emailSchema, otp: codeSchema });
export const messageResponseSchema = z.object({ message: z.string() });

/** `POST api/users/resend-code`, `POST api/users/forgot-password`. */
export const emailOnlyBodySchema = z.strictObject({ email: emailSchema });

/** `POST api/users/signin`. */
export const signInBodySchema = z.strictObject({ email: emailSchema, password: passwordSchema });

/** The signed-in client as the navbar and the pages show it. */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  /** One or two capital letters for the navbar avatar. */
  initials: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `token` is the Cognito access token the API accepts as `Authorization: Bearer`. */
export const signInResponseSchema = z.object({ token: z.string(), user: sessionUserSchema });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** `POST api/users/reset-password`. */
export const resetPasswordBodySchema = z.strictObject({
  email: emailSchema,
  code: codeSchema,
  password: newPasswordSchema,
});

/** `Chris Client` -> `CC`, `ana` -> `A`; falls back to the e-mail's first letter. */
export function initialsOf(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [words[0]?.[0] ?? email[0] ?? '?'];
  return letters.join('').toUpperCase();
}
