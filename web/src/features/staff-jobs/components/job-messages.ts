import { refusalReason, type ApiErrorTextOptions } from '../../../lib/api-error-text.ts';

/** Spec §8 texts of the assign page. */
export const assignMessages = {
  chooseEditor: 'Please select an editor first.',
  assigned: 'Job assigned successfully!',
  failed: 'Failed to assign job.',
  loadFailed: 'Failed to load jobs or editors.',
  empty: 'No unassigned jobs available',
} as const;

/** Spec §8 texts of the job pages (manager's and editor's). */
export const jobUpdateMessages = {
  updated: 'Job updated successfully',
  failed: 'Failed to update job',
  empty: 'No matching jobs found',
  loadFailed: 'Failed to fetch jobs',
} as const;

/** `apiErrorText` options of a refused job change: 'Failed to update job: {the server's reason}'. */
export const jobUpdateFailure: ApiErrorTextOptions = { ...refusalReason, lead: `${jobUpdateMessages.failed}:` };
