import { GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { findAccount, staffPasswordSignIn, staffRoleOf } from '../data/staff-accounts.ts';
import { cognitoClient } from '../lib/cognito.ts';
import { HttpError, UnauthorizedError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { awsErrorName, throttled } from '../users/cognito-errors.ts';

/** The spec's admin-login message, for every refusal that must not say why (§8). */
export const invalidStaffCredentials = 'Invalid email or password. Please try again.';
// The emulator answers a wrong password with InvalidPasswordException; Cognito with NotAuthorized
// (also for a disabled account).
const wrongCredentials = new Set(['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException']);

/**
 * `POST api/admin/signin`: staff only, through the staff app client. A client account, a disabled
 * staff account and a wrong password all get the same 401, so the page reveals nothing about who
 * is staff. An invited account's first sign-in answers 403 NEW_PASSWORD_REQUIRED until the request
 * carries `newPassword`.
 */
export const staffSignInRoute: RouteImpl<'staffSignIn'> = async ({ body, log }) => {
  let result;
  try {
    result = await staffPasswordSignIn(body.email, body.password, body.newPassword);
  } catch (error) {
    const name = awsErrorName(error);
    if (wrongCredentials.has(name)) throw new UnauthorizedError(invalidStaffCredentials);
    if (name === 'PasswordResetRequiredException') {
      throw new UnauthorizedError('Your password must be reset. Ask a super-admin to invite you again.');
    }
    throw throttled(error) ?? error;
  }
  if (result.kind === 'new-password-required') {
    throw new HttpError(
      'NEW_PASSWORD_REQUIRED',
      'Welcome! Choose a new password to finish setting up your staff account.',
    );
  }
  if (result.kind === 'refused') throw new UnauthorizedError(invalidStaffCredentials);

  const me = await cognitoClient.send(new GetUserCommand({ AccessToken: result.accessToken }));
  const username = me.Username!;
  const [role, account] = await Promise.all([staffRoleOf(username), findAccount(username)]);
  // The emulator does not refuse disabled accounts at sign-in; Cognito does. Checked here for both.
  if (!role || !account || !account.enabled) {
    log.info('staff sign-in refused', { reason: !role ? 'not staff' : 'disabled' });
    throw new UnauthorizedError(invalidStaffCredentials);
  }
  return {
    token: result.accessToken,
    user: { id: account.id, email: account.email, username: account.name, role },
    expiresAt: new Date(Date.now() + result.expiresInSeconds * 1000).toISOString(),
  };
};
