import { signUpClient } from '../data/client-auth.ts';
import { BadRequestError, ConflictError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { awsErrorName, throttled, weakPassword } from './cognito-errors.ts';

export const signUpRoute: RouteImpl<'signUp'> = async ({ body }) => {
  try {
    await signUpClient(body);
  } catch (error) {
    const name = awsErrorName(error);
    if (name === 'UsernameExistsException' || name === 'AliasExistsException') {
      throw new ConflictError('An account with this e-mail already exists. Sign in, or reset your password.');
    }
    if (name === 'InvalidPasswordException') throw weakPassword();
    if (name === 'InvalidParameterException') throw new BadRequestError('Check the e-mail address and try again.');
    throw throttled(error) ?? error;
  }
  return {
    message: `We sent a 6-digit code to ${body.email}. Enter it to verify your account.`,
    email: body.email,
  };
};
