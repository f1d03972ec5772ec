import { startPasswordReset } from '../data/client-auth.ts';
import type { RouteImpl } from '../lib/http.ts';
import { limitCodeRequest, requestOrigin } from '../lib/limits.ts';
import { awsErrorName, throttled } from './cognito-errors.ts';

// Unknown accounts and accounts without a verified e-mail get the same answer as everyone else.
const silent = new Set(['UserNotFoundException', 'InvalidParameterException', 'NotAuthorizedException']);

export const forgotPasswordRoute: RouteImpl<'forgotPassword'> = async (input) => {
  const { body } = input;
  await limitCodeRequest('forgotPassword', body.email, requestOrigin(input));
  try {
    await startPasswordReset(body.email);
  } catch (error) {
    if (!silent.has(awsErrorName(error))) throw throttled(error) ?? error;
  }
  return { message: 'If an account uses this e-mail, we sent it a code to reset the password.' };
};
