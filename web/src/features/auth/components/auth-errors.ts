import { ApiError } from '../../../lib/api-client.ts';

/** Spec §8's texts for the account screens. */
export const authMessages = {
  signInFailed: 'Invalid email or password. Please try again.',
  signUpFailed: 'Signup failed. Please try again.',
  otpFailed: 'OTP verification failed. Please try again.',
} as const;

/**
 * The message to show for a failed account call: the server's own words when they say something
 * the visitor can act on (an e-mail already registered, a wrong or expired code, too many
 * attempts), otherwise the spec's general text. 5xx and network failures keep the general text.
 */
export function accountErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
    // A 400 with field issues is shown on the fields; the general text goes above the form.
    if (error.issues.length > 0) return fallback;
    return error.message || fallback;
  }
  return fallback;
}
