import * as z from 'zod/mini';
import { emailSchema, newPasswordSchema, usernameSchema } from './auth.ts';
import { staffRoles } from './platform.ts';
import { staffUserSchema } from './user.ts';

/*
 * Staff accounts: sign-in through the pool's `staff` app client, invitations by a SUPER_ADMIN,
 * disable / enable and delete. Bodies are strict objects: nothing the browser adds is kept.
 */

export const staffRoleSchema = z.enum(staffRoles);

/** A Cognito user id (`sub`) in a path: a UUID on AWS and in the emulator. */
export const accountIdParamsSchema = z.strictObject({
  id: z.string().check(z.regex(/^[A-Za-z0-9-]{1,128}$/, 'must be a user id')),
});

/**
 * `POST api/admin/signin`. `newPassword` is sent only to finish the first sign-in of an invited
 * staff member, whose temporary password must be replaced (the answer to the first attempt says so).
 */
export const staffSignInBodySchema = z.strictObject({
  email: emailSchema,
  password: z.string().check(z.minLength(1, 'Enter your password.'), z.maxLength(256)),
  newPassword: z.optional(newPasswordSchema),
  /** The current code of the authenticator app (two-step sign-in, or finishing its set-up). */
  mfaCode: z.optional(
    z.string().check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.')),
  ),
  /** Set up two-step sign-in now, for a role that may choose it (EDITOR). */
  setUpMfa: z.optional(z.boolean('must be true or false')),
});
export type StaffSignInBody = z.infer<typeof staffSignInBodySchema>;

/** The signed-in staff member as the staff console shows it. */
export const staffSessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  role: staffRoleSchema,
});
export type StaffSessionUser = z.infer<typeof staffSessionUserSchema>;

/** `token` is the access token (staff app client) the API accepts as `Authorization: Bearer`. */
export const staffSignInResponseSchema = z.object({
  token: z.string(),
  user: staffSessionUserSchema,
  /** When the token stops being accepted (ISO 8601); the console signs out then. */
  expiresAt: z.string(),
});
export type StaffSignInResponse = z.infer<typeof staffSignInResponseSchema>;

/**
 * The `error` code of the 403 answered when an invited staff member signs in with the temporary
 * password for the first time: the console then asks for a new password and sends it as `newPassword`.
 */
export const newPasswordRequiredCode = 'NEW_PASSWORD_REQUIRED';

/**
 * Two-step sign-in (TOTP, docs/decisions/hardening.md #19). A staff sign-in may answer 403 with `error`:
 * `MFA_SETUP_REQUIRED`, whose `details` carry the secret to add to an authenticator app (as text
 * and as an `otpauth://` address for a QR code), or `MFA_CODE_REQUIRED`. Either way the console
 * sends the same e-mail and password again with the app's current code as `mfaCode`.
 */
export const mfaSetupRequiredCode = 'MFA_SETUP_REQUIRED';
export const mfaCodeRequiredCode = 'MFA_CODE_REQUIRED';
export const mfaSetupDetailsSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type MfaSetupDetails = z.infer<typeof mfaSetupDetailsSchema>;

/** The name authenticator apps show for the studio's accounts. */
export const totpIssuer = 'Retouch Studio';

/** The `otpauth://` address of a TOTP secret, as authenticator apps read it from a QR code. */
export function otpauthUri(email: string, secret: string): string {
  const label = encodeURIComponent(`${totpIssuer}:${email}`);
  const issuer = encodeURIComponent(totpIssuer);
  return `otpauth://totp/${label}?secret=${secret}&issuer=${issuer}&algorithm=SHA1&digits=6&period=30`;
}

/** `POST api/admin/invite`: creates the account in one staff group; Cognito e-mails a temporary password. */
export const inviteStaffBodySchema = z.strictObject({
  email: emailSchema,
  username: usernameSchema,
  role: staffRoleSchema,
});
export type InviteStaffBody = z.infer<typeof inviteStaffBodySchema>;

export const staffAccountResponseSchema = z.object({ admin: staffUserSchema });

/** `PUT api/admin/{id}/status`: switch a staff account off (it can no longer sign in) or on again. */
export const setStaffStatusBodySchema = z.strictObject({ status: z.enum(['ACTIVE', 'DISABLED']) });

export const deletedAccountResponseSchema = z.object({ message: z.string(), id: z.string() });
