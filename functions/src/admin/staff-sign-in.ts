import { staffMfaPolicy } from '@studio/shared/platform';
import { otpauthUri } from '@studio/shared/staff';
import { readAccountRecord, recordAccount, recordStaffSession, whenTokensCount } from '../data/account-status.ts';
import {
  confirmMfaSetup,
  endAllSessions,
  findAccount,
  markMfaEnrolled,
  revokeAtCognito,
  staffPasswordSignIn,
  staffRoleOf,
  startMfaSetup,
  type StaffSignInResult,
} from '../data/staff-accounts.ts';
import { HttpError, UnauthorizedError } from '../lib/errors.ts';
import type { RouteImpl, RouteInput } from '../lib/http.ts';
import { guardSignIn, requestOrigin, signInSucceeded, useAuthenticatorCodeOnce } from '../lib/limits.ts';
import { claimsOfIssuedToken } from '../lib/token-claims.ts';
import { awsErrorName, throttled } from '../users/cognito-errors.ts';

/** The spec's admin-login message, for every refusal that must not say why (§8). */
export const invalidStaffCredentials = 'Invalid email or password. Please try again.';
// The emulator answers a wrong password with InvalidPasswordException; Cognito with NotAuthorized
// (also for a disabled account).
const wrongCredentials = new Set(['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException']);
// A wrong or stale authenticator code; EnableSoftwareTokenMFAException is AWS's answer to a wrong
// code while setting up.
const wrongCode = new Set(['CodeMismatchException', 'ExpiredCodeException', 'EnableSoftwareTokenMFAException']);

const codeRequired = (message = 'Enter the 6-digit code from your authenticator app.') =>
  new HttpError('MFA_CODE_REQUIRED', message);

type SignedIn = Extract<StaffSignInResult, { kind: 'signed-in' }>;

/** Password (and code) through the staff app client, Cognito's refusals as the answers they mean. */
async function signIn(
  body: RouteInput<'staffSignIn'>['body'],
  password: string,
  newPassword: string | undefined,
  beforeCode: () => Promise<void>,
) {
  let result: StaffSignInResult;
  try {
    result = await staffPasswordSignIn(body.email, password, newPassword, body.mfaCode, beforeCode);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const name = awsErrorName(error);
    if (wrongCredentials.has(name)) throw new UnauthorizedError(invalidStaffCredentials);
    if (wrongCode.has(name)) {
      throw new UnauthorizedError(
        'The code from your authenticator app is wrong or has expired. Enter the current one.',
      );
    }
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
  if (result.kind === 'mfa-code-required') throw codeRequired();
  if (result.kind === 'refused') throw new UnauthorizedError(invalidStaffCredentials);
  return result;
}

/**
 * `POST api/admin/signin`: staff only, through the staff app client. A client account, a disabled
 * staff account and a wrong password all get the same 401, so the page reveals nothing about who
 * is staff. An invited account's first sign-in answers 403 NEW_PASSWORD_REQUIRED until the request
 * carries `newPassword`. Two-step sign-in (docs/decisions/staff-mfa.md): an account that has it
 * answers 403 MFA_CODE_REQUIRED until the request carries `mfaCode`, and each code is good once
 * per account; a role that requires it (or a member who asks with `setUpMfa`) and has not set it
 * up answers 403 MFA_SETUP_REQUIRED with the secret for the authenticator app, and the next
 * request with the app's code finishes the set-up and signs in. The token answered is recorded as
 * a staff sign-in of the account: the API takes no other staff token. Every attempt counts against
 * the sign-in lock of the account at the request's address (lib/limits.ts).
 */
export const staffSignInRoute: RouteImpl<'staffSignIn'> = async (input) => {
  const { body, log } = input;
  const origin = requestOrigin(input);
  await guardSignIn(body.email, origin);
  // At most once per request, whatever Cognito is asked to check it against.
  let codeTaken = false;
  const takeCode = async () => {
    if (codeTaken || body.mfaCode === undefined) return;
    codeTaken = true;
    await useAuthenticatorCodeOnce(body.email, body.mfaCode, origin);
  };
  let result: SignedIn = await signIn(body, body.password, body.newPassword, takeCode);
  // From here on the password is the new one, if one was chosen.
  const password = body.newPassword ?? body.password;

  const claims = claimsOfIssuedToken(result.accessToken);
  const [role, account] = await Promise.all([staffRoleOf(claims.username), findAccount(claims.username)]);
  // The emulator does not refuse disabled accounts at sign-in; Cognito does. Checked here for both.
  if (!role || !account || !account.enabled) {
    log.info('staff sign-in refused', { reason: !role ? 'not staff' : 'disabled' });
    throw new UnauthorizedError(invalidStaffCredentials);
  }
  const record = await readAccountRecord(account.id);

  if (result.withSecondFactor) {
    // Cognito asked for the code: the account's record and its pool attribute say so too (an
    // account may have set it up before either existed). Its tokens from before the attribute,
    // this one included, may manage the second factor: Cognito takes them no longer.
    if (!record?.mfaEnabled) await recordAccount(account.id, { mfaEnabled: true });
    if (!account.mfaEnrolled) {
      await markMfaEnrolled(account.username);
      await revokeAtCognito(account);
    }
  } else if (record?.mfaEnabled) {
    // The account set up two-step sign-in through this route, yet Cognito signed it in without the
    // code: the second factor was switched off outside the console. Its tokens are not taken.
    log.warn('staff sign-in without the second factor of an enrolled account refused', { role });
    throw new UnauthorizedError(
      'Two-step sign-in of this account was switched off outside the staff console. Ask a super-admin to set it up again.',
    );
  } else if (staffMfaPolicy[role] === 'required' || body.setUpMfa || body.mfaCode !== undefined) {
    if (body.mfaCode === undefined) {
      const secret = await startMfaSetup(result.accessToken);
      const setup = new HttpError(
        'MFA_SETUP_REQUIRED',
        'Set up two-step sign-in: add this key to an authenticator app, then enter the code it shows.',
      );
      setup.details = { secret, otpauthUri: otpauthUri(account.email, secret) };
      throw setup;
    }
    await takeCode();
    try {
      await confirmMfaSetup(result.accessToken, body.mfaCode);
    } catch (error) {
      if (!wrongCode.has(awsErrorName(error))) throw error;
      throw new UnauthorizedError(
        'The code from your authenticator app is wrong or has expired. Enter the current one.',
      );
    }
    // From the next sign-in on, the pool leaves the self-service scope out of the account's tokens.
    // Tokens from before the second factor (with the password alone, which could still switch it
    // off) no longer count, neither for the API nor for Cognito, those of this very second
    // included: the sign-in with the code below waits for the next second.
    await markMfaEnrolled(account.username);
    const { tokensValidAfter } = await endAllSessions(account, { mfaEnabled: true });
    log.info('two-step sign-in set up', { role });
    await whenTokensCount(tokensValidAfter);
    try {
      // The code of this request is Cognito's to check once more: this is the same sign-in.
      result = await signIn(body, password, undefined, async () => undefined);
    } catch (error) {
      // Cognito may refuse the code it has just seen: the next one will do.
      if (error instanceof UnauthorizedError) {
        throw codeRequired('Two-step sign-in is set up. Enter the next code your authenticator app shows.');
      }
      throw error;
    }
  }

  const issued = claimsOfIssuedToken(result.accessToken);
  await recordStaffSession(await readAccountRecord(account.id), account.id, {
    tokenId: issued.jti,
    expiresAt: issued.exp,
  });
  await signInSucceeded(body.email, origin);
  return {
    token: result.accessToken,
    user: { id: account.id, email: account.email, username: account.name, role },
    expiresAt: new Date(Date.now() + result.expiresInSeconds * 1000).toISOString(),
  };
};
