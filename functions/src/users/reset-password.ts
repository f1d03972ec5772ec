import { whenTokensCount } from '../data/account-status.ts';
import { finishPasswordReset } from '../data/client-auth.ts';
import { endAllSessions, findAccount } from '../data/staff-accounts.ts';
import { BadRequestError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { limitCodeRequest, requestOrigin, signInSucceeded } from '../lib/limits.ts';
import { awsErrorName, throttled, weakPassword } from './cognito-errors.ts';

const badCode = new Set([
  'CodeMismatchException',
  'ExpiredCodeException',
  'UserNotFoundException',
  'NotAuthorizedException',
]);

export const resetPasswordRoute: RouteImpl<'resetPassword'> = async (input) => {
  const { body } = input;
  const origin = requestOrigin(input);
  await limitCodeRequest('resetPassword', body.email, origin);
  try {
    await finishPasswordReset(body.email, body.code, body.password);
  } catch (error) {
    const name = awsErrorName(error);
    if (badCode.has(name)) {
      throw new BadRequestError('The code is wrong or has expired. Ask for a new one and try again.', [
        { path: 'body.code', message: 'The code is wrong or has expired.' },
      ]);
    }
    if (name === 'InvalidPasswordException') throw weakPassword();
    throw throttled(error) ?? error;
  }
  // A new password ends every session signed in with the old one (docs/access.md, "Revocation"):
  // whoever knew it and signed in keeps nothing. Answered once a sign-in with the new one counts.
  const account = await findAccount(body.email);
  const ended = account ? await endAllSessions(account) : {};
  // The code e-mailed to the account proves its owner: whatever failed sign-ins elsewhere locked,
  // this address is let in (docs/access.md, "Sign-in lockout").
  await signInSucceeded(body.email, origin);
  await whenTokensCount(ended.tokensValidAfter);
  return { message: 'Your password has been changed. Sign in with the new password.' };
};
