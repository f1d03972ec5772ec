import { startPasswordReset } from '../data/client-auth.ts';
import type { RouteImpl } from '../lib/http.ts';
import { clientAddress, limitCodeRequest } from '../lib/limits.ts';
import { awsErrorName, throttled } from './cognito-errors.ts';

// Unknown accounts and accounts without a verified e-mail get the same answer as everyone else.
const silent = new Set(['UserNotFoundException', 'InvalidParameterException', 'NotAuthorizedException']);

export const forgotPasswordRoute: RouteImpl<'forgotPassword'> = async ({ body, headers, sourceIp }) => {
  await limitCodeRequest('forgotPassword', body.email, clientAddress(headers, sourceIp));
  try {
    await startPasswordReset(body.email);
  } catch (error) {
    if (!silent.has(awsErrorName(error))) throw throttled(error) ?? error;
  }
  return { message: 'If an account uses this e-mail, we sent it a code to reset the password.' };
};
