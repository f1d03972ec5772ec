import { ApiError, networkErrorMessage } from '../../../lib/api-client.ts';

/**
 * Spec §8: the server's error text, else 'Failed to submit form', else 'Network error occurred'.
 * Field issues from a 400 are appended so the visitor sees what to fix.
 */
export function submitErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return networkErrorMessage;
    const fields = error.issues.map((issue) => `${issue.path.replace(/^body\./, '')}: ${issue.message}`);
    const base = error.message || 'Failed to submit form';
    return fields.length > 0 ? `${base} (${fields.join('; ')})` : base;
  }
  return 'Failed to submit form';
}
