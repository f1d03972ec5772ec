import { describe, expect, it } from 'vitest';
import { ApiError, networkErrorMessage } from './api-client.ts';
import { apiErrorText, defaultErrorText, issuesText, refusalReason, UserFacingError } from './api-error-text.ts';

const offline = new ApiError(0, 'NETWORK_ERROR', networkErrorMessage);
const conflict = new ApiError(409, 'CONFLICT', 'Only a cancelled job can be deleted; cancel it first.');
const invalid = new ApiError(400, 'BAD_REQUEST', 'The request is not valid.', [
  { path: 'body.name', message: 'is required' },
  { path: 'body.size', message: 'The file is empty.' },
]);
const crashed = new ApiError(500, 'INTERNAL', 'Something went wrong');

describe('apiErrorText', () => {
  it("says the server's words, with a 400's field problems after them", () => {
    expect(apiErrorText(conflict, 'Error deleting job')).toBe(conflict.message);
    expect(apiErrorText(invalid, 'Failed to submit form')).toBe(
      'The request is not valid. (name: is required; The file is empty.)',
    );
    expect(apiErrorText(crashed, 'Failed to submit form')).toBe('Something went wrong');
  });

  it('says the fallback for a bug, the offline text (else the fallback) when nothing answered', () => {
    expect(apiErrorText(new TypeError('x is undefined'), 'Failed to submit form')).toBe('Failed to submit form');
    expect(apiErrorText(undefined)).toBe(defaultErrorText);
    expect(apiErrorText(offline, 'Failed to load data.')).toBe('Failed to load data.');
    expect(apiErrorText(offline, 'Failed to submit form', { offline: networkErrorMessage })).toBe(
      'Network error occurred',
    );
  });

  it('lists, keeps or leaves out the field problems', () => {
    expect(apiErrorText(invalid, 'x', { issues: 'only' })).toBe('name: is required; The file is empty.');
    expect(apiErrorText(invalid, 'x', { issues: 'omit' })).toBe('The request is not valid.');
    expect(issuesText([{ path: 'query.search', message: 'must be at most 100 characters' }])).toBe(
      'search: must be at most 100 characters',
    );
  });

  it('shows a user-facing local failure as it is, any other local error as the fallback', () => {
    expect(apiErrorText(new UserFacingError('Could not upload cv.pdf (403).'), 'Failed')).toBe(
      'Could not upload cv.pdf (403).',
    );
    expect(apiErrorText(new Error('upload answered 403'), 'Failed')).toBe('Failed');
  });

  it('leads with a spec sentence, then the reason; without a reason the fallback alone', () => {
    const options = { lead: 'Failed to update job:', serverText: (e: ApiError) => e.status === 409 };
    expect(apiErrorText(conflict, 'Failed to update job', options)).toBe(`Failed to update job: ${conflict.message}`);
    expect(apiErrorText(crashed, 'Failed to update job', options)).toBe('Failed to update job');
    expect(apiErrorText(offline, 'Failed to update job', options)).toBe('Failed to update job');
    expect(apiErrorText(new ApiError(409, 'CONFLICT', ''), 'Failed to update job', options)).toBe(
      'Failed to update job',
    );
  });

  it("refusalReason adds a refusal's reason after the spec text, and nothing for a server failure", () => {
    expect(apiErrorText(conflict, 'Error deleting job.', refusalReason)).toBe(
      `Error deleting job. ${conflict.message}`,
    );
    expect(apiErrorText(invalid, 'Failed to send the invitation.', refusalReason)).toBe(
      'Failed to send the invitation. name: is required; The file is empty.',
    );
    expect(apiErrorText(crashed, 'Error deleting job.', refusalReason)).toBe('Error deleting job.');
  });

  it("formats an answer the page's own way", () => {
    const format = (text: string, error: ApiError) => `Error: ${error.status} - ${text || 'Unknown error'}`;
    expect(apiErrorText(invalid, 'unexpected', { issues: 'omit', format })).toBe(
      'Error: 400 - The request is not valid.',
    );
    expect(apiErrorText(new ApiError(502, 'HTTP_ERROR', ''), 'unexpected', { format })).toBe(
      'Error: 502 - Unknown error',
    );
    expect(apiErrorText(new Error('bug'), 'unexpected', { format })).toBe('unexpected');
  });
});
