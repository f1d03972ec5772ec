import { confirmClient } from '../data/client-auth.ts';
import { BadRequestError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { limitCodeRequest, requestOrigin } from '../lib/limits.ts';
import { awsErrorName, throttled } from './cognito-errors.ts';

// Wrong, expired or already used codes, unknown or already confirmed accounts: one answer, so the
// form cannot be used to find out which e-mails have accounts.
const refused = new Set([
  'CodeMismatchException',
  'ExpiredCodeException',
  'NotAuthorizedException',
  'UserNotFoundException',
  'InvalidParameterException',
]);

export const verifyEmailRoute: RouteImpl<'verifyEmail'> = async (input) => {
  const { body } = input;
  await limitCodeRequest('verifyEmail', body.email, requestOrigin(input));
  try {
    await confirmClient(body.email, body.otp);
  } catch (error) {
    if (refused.has(awsErrorName(error))) {
      throw new BadRequestError('OTP verification failed. Please try again.', [
        { path: 'body.otp', message: 'The code is wrong or has expired. Check it, or ask for a new one.' },
      ]);
    }
    throw throttled(error) ?? error;
  }
  return { message: 'Your e-mail is verified. You can sign in now.' };
};
