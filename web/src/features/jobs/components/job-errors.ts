import type { ApiErrorTextOptions } from '../../../lib/api-error-text.ts';

/** Spec §8: what the quote page says when the failure is not an answer from the API. */
export const unexpectedErrorText = 'An unexpected error occurred. Please try again.';

/**
 * `apiErrorText` options for the client's job calls (create a job, choose how to pay), in spec §8's
 * words: no answer 'No response received from the server. Please try again.', a 401
 * 'Authentication failed. Please sign in again.', any other answer 'Error: {status} - {message or
 * Unknown error}'. Field problems are shown under their fields, not in this line.
 */
export const jobCallErrorOptions: ApiErrorTextOptions = {
  offline: 'No response received from the server. Please try again.',
  issues: 'omit',
  format: (text, error) =>
    error.status === 401
      ? 'Authentication failed. Please sign in again.'
      : `Error: ${error.status} - ${text || 'Unknown error'}`,
};
