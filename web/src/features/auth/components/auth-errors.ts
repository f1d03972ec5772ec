import type { ApiErrorTextOptions } from '../../../lib/api-error-text.ts';

/** Spec §8's texts for the account screens. */
export const authMessages = {
  signInFailed: 'Invalid email or password. Please try again.',
  signUpFailed: 'Signup failed. Please try again.',
  otpFailed: 'OTP verification failed. Please try again.',
} as const;

/**
 * `apiErrorText` options for the account screens' calls: the server's own words when they say
 * something the visitor can act on (a wrong or expired code, too
 * many attempts: a 4xx other than 401), otherwise the spec's general text passed as fallback. A 400
 * with field problems shows them under the fields and the general text above the form; 5xx and
 * network failures keep the general text.
 */
export const accountErrorOptions: ApiErrorTextOptions = {
  serverText: (error) => error.status >= 400 && error.status < 500 && error.status !== 401 && error.issues.length === 0,
};
