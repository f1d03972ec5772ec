import { resendSignUpCode } from '../data/client-auth.ts';
import type { RouteImpl } from '../lib/http.ts';
import { limitCodeRequest, requestOrigin } from '../lib/limits.ts';
import { awsErrorName, throttled } from './cognito-errors.ts';

// No such account, or one already verified: the same answer as success, so the route cannot be
// used to find out which e-mails have accounts.
const silent = new Set(['UserNotFoundException', 'InvalidParameterException', 'NotAuthorizedException']);

export const resendCodeRoute: RouteImpl<'resendCode'> = async (input) => {
  const { body } = input;
  await limitCodeRequest('resendCode', body.email, requestOrigin(input));
  try {
    await resendSignUpCode(body.email);
  } catch (error) {
    if (!silent.has(awsErrorName(error))) throw throttled(error) ?? error;
  }
  return { message: 'If this e-mail has an account waiting for verification, a new code is on its way.' };
};
