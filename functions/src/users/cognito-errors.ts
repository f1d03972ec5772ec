import { passwordPolicyText } from '@studio/shared/auth';
import { BadRequestError, HttpError } from '../lib/errors.ts';

/** The name of an AWS SDK error (`CodeMismatchException`), or '' for anything else. */
export function awsErrorName(error: unknown): string {
  return error instanceof Error ? error.name : '';
}

/** Cognito throttles code e-mails and sign-ins per account; passed on as a 429. */
export function throttled(error: unknown): HttpError | null {
  const name = awsErrorName(error);
  if (
    name === 'LimitExceededException' ||
    name === 'TooManyRequestsException' ||
    name === 'TooManyFailedAttemptsException'
  ) {
    return new HttpError('TOO_MANY_REQUESTS', 'Too many attempts. Please wait a few minutes and try again.');
  }
  return null;
}

/** Cognito refused a new password (its policy can be stricter than ours, e.g. a reused password). */
export function weakPassword(): BadRequestError {
  return new BadRequestError('The request is not valid.', [
    { path: 'body.password', message: `Password needs ${passwordPolicyText}.` },
  ]);
}
