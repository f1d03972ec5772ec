import { findAccount, staffRoleOf } from '../data/staff-accounts.ts';
import { resendSignUpCode, signUpClient } from '../data/client-auth.ts';
import { BadRequestError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { limitCodeRequest, requestOrigin } from '../lib/limits.ts';
import type { Logger } from '../lib/observability.ts';
import { putOutboxItem } from '../data/outbox.ts';
import { awsErrorName, throttled, weakPassword } from './cognito-errors.ts';

/**
 * `POST api/users/signup`. The answer never tells whether the e-mail has an account (#19): a new
 * e-mail gets its code, an e-mail in use gets the same 201 and body, and its owner is e-mailed
 * instead: a new code when the account is still unverified (someone signing up again because the
 * first code was lost), otherwise a note that the account exists, with the way to sign in or reset
 * the password. Staff e-mails are treated alike. Limited per address and per e-mail
 * (lib/limits.ts), so nobody's inbox can be flooded through this form.
 */
export const signUpRoute: RouteImpl<'signUp'> = async (input) => {
  const { body, log } = input;
  await limitCodeRequest('signUp', body.email, requestOrigin(input));
  try {
    await signUpClient(body);
  } catch (error) {
    const name = awsErrorName(error);
    if (name === 'UsernameExistsException' || name === 'AliasExistsException') {
      await tellExistingOwner(body.email, log);
    } else if (name === 'InvalidPasswordException') {
      throw weakPassword();
    } else if (name === 'InvalidParameterException') {
      throw new BadRequestError('Check the e-mail address and try again.');
    } else {
      throw throttled(error) ?? error;
    }
  }
  return {
    message: `We sent a 6-digit code to ${body.email}. Enter it to verify your account.`,
    email: body.email,
  };
};

async function tellExistingOwner(email: string, log: Logger): Promise<void> {
  const account = await findAccount(email);
  if (!account) return;
  if (!account.enabled) {
    log.info('sign-up with the e-mail of a disabled account');
    return;
  }
  const staff = (await staffRoleOf(account.username)) !== null;
  if (!staff && (await unverified(email))) {
    log.info('sign-up again for an unverified account: a new code is mailed');
    return;
  }
  // Through the outbox (#18): the notifier e-mails the owner through SES, retrying if it must; the
  // visitor's answer does not wait for it and never depends on it.
  await putOutboxItem({
    event: 'account.signUpAttempt',
    account: { userId: account.id, email: account.email, name: account.name, staff },
  });
  log.info('sign-up with an e-mail in use: its owner was told', { staff });
}

/** Mails an unverified account a new code; false when the account is verified already. */
async function unverified(email: string): Promise<boolean> {
  try {
    await resendSignUpCode(email);
    return true;
  } catch (error) {
    // Cognito's answer for an account that is already confirmed.
    if (awsErrorName(error) === 'InvalidParameterException') return false;
    throw error;
  }
}
