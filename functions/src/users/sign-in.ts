import { accountOfToken, isStaffAccount, passwordSignIn } from '../data/client-auth.ts';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { guardSignIn, requestOrigin, signInSucceeded } from '../lib/limits.ts';
import { awsErrorName, throttled } from './cognito-errors.ts';

const invalid = 'Invalid email or password. Please try again.';
// The emulator answers a wrong password with InvalidPasswordException; Cognito with NotAuthorized.
const wrongCredentials = new Set(['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException']);

export const signInRoute: RouteImpl<'signIn'> = async (input) => {
  const { body } = input;
  const origin = requestOrigin(input);
  // Every attempt counts against the lock of this account from this address (lib/limits.ts).
  await guardSignIn(body.email, origin);
  let token: string | null;
  let challenge: string | undefined;
  try {
    ({ token, challenge } = await passwordSignIn(body.email, body.password));
  } catch (error) {
    const name = awsErrorName(error);
    if (wrongCredentials.has(name)) throw new UnauthorizedError(invalid);
    if (name === 'UserNotConfirmedException') {
      throw new ForbiddenError('Verify your e-mail first: enter the code we sent you, or ask for a new one.');
    }
    if (name === 'PasswordResetRequiredException') {
      throw new ForbiddenError('Your password must be reset: use "Forgot Password?" to get a code by e-mail.');
    }
    throw throttled(error) ?? error;
  }
  // Only staff accounts sign in with a code; the right password of one is sent where it belongs.
  if (challenge === 'SOFTWARE_TOKEN_MFA') {
    throw new ForbiddenError('This is a staff account. Please use the staff sign-in.');
  }
  // A pending challenge (a staff account with a temporary password) gives no token here.
  if (!token) throw new UnauthorizedError(invalid);
  let account: Awaited<ReturnType<typeof accountOfToken>>;
  try {
    account = await accountOfToken(token);
  } catch (error) {
    // Cognito refused the token it had just issued: the account was disabled, deleted or signed
    // out everywhere in that moment. Nothing to retry with this token; a new sign-in decides.
    if (wrongCredentials.has(awsErrorName(error))) {
      throw new UnauthorizedError('Your sign-in could not be completed. Please sign in again.');
    }
    throw throttled(error) ?? error;
  }
  const { cognitoUsername, user } = account;
  // Staff sign in on the staff sign-in page, with the staff app client; their token never leaves here.
  if (await isStaffAccount(cognitoUsername)) {
    throw new ForbiddenError('This is a staff account. Please use the staff sign-in.');
  }
  await signInSucceeded(body.email, origin);
  return { token, user };
};
