import type { ValidationIssue } from '@studio/shared/errors';
import { ApiError } from './api-client.ts';

/**
 * A failure of a step that runs in the browser (a file refused before upload, an upload straight
 * to storage) whose message is written for the person using the page. {@link apiErrorText} shows
 * its message; any other non-API error is a bug and shows the caller's fallback.
 */
export class UserFacingError extends Error {
  override readonly name: string = 'UserFacingError';
}

/** What {@link apiErrorText} says when the caller gives no fallback. */
export const defaultErrorText = 'Something went wrong. Please try again.';

export interface ApiErrorTextOptions {
  /** Said when no answer arrived at all (offline, connection dropped; status 0). Default: the fallback. */
  offline?: string;
  /**
   * A 400's field problems (`details.issues`): `append` adds them after the message,
   * "message (name: is required; email: ...)" (the default: nothing the server said is lost);
   * `only` shows just them, "name: is required; email: ..."; `omit` leaves them out, for a form
   * that shows each under its field (see `useSchemaForm`).
   */
  issues?: 'append' | 'only' | 'omit';
  /**
   * Whether this answer's own words are shown; when it says no, the fallback is. For pages whose
   * spec text stands for some failures, e.g. sign-in's one sentence for a 401.
   */
  serverText?: (error: ApiError) => boolean;
  /**
   * Said before the reason: `${lead} ${reason}` (e.g. 'Failed to update job:' then the server's
   * words); `true` leads with the fallback itself. With no reason to give, the fallback is said
   * alone.
   */
  lead?: string | true;
  /**
   * Builds the whole text of an answer from the server's words (which may be empty), e.g. the quote
   * page's `Error: {status} - {message or 'Unknown error'}`; `lead` is then not used.
   */
  format?: (text: string, error: ApiError) => string;
}

/**
 * For `serverText`: the server's words only when it refused for a reason the user can act on (a
 * 400's fields, 403, 404, a 409 rule), not for a server failure or an ended session.
 */
export function isRefusal(error: ApiError): boolean {
  return error.status === 400 || error.status === 403 || error.status === 404 || error.status === 409;
}

/**
 * Options for a staff action's failure: the spec's text (the fallback), then the server's reason
 * when it refused for one (`isRefusal`), a 400's field problems listed.
 */
export const refusalReason: ApiErrorTextOptions = { lead: true, issues: 'only', serverText: isRefusal };

/** `body.name` -> `name`: where a field came from is noise to the reader. */
function fieldName(path: string): string {
  return path.replace(/^(body|query|params)\./, '');
}

/**
 * A 400's field problems as one line: a message that is a predicate gets its field's name
 * (`name: is required`), one written as a sentence stands alone (`The file is empty.`);
 * `name: is required; The file is empty.`
 */
export function issuesText(issues: readonly ValidationIssue[]): string {
  return issues
    .map((issue) => (/^\p{Lu}/u.test(issue.message) ? issue.message : `${fieldName(issue.path)}: ${issue.message}`))
    .join('; ');
}

/**
 * The one way a failure becomes a sentence on the page, for every form and list, public and staff.
 * Pass the spec's text for the page as `fallback`.
 *
 * - An answer from the API (an {@link ApiError} with a status): the server's message, with a 400's
 *   field problems per `options.issues`, after `options.lead` if given; the fallback when there
 *   are no words or `options.serverText` declines them.
 * - No answer at all (status 0): `options.offline`, else the fallback.
 * - A {@link UserFacingError}: its message, after `options.lead` if given.
 * - Anything else (a bug): the fallback.
 *
 * @example apiErrorText(error, 'Failed to submit form', { offline: networkErrorMessage })
 * @example apiErrorText(error, 'Failed to update job', { lead: 'Failed to update job:' })
 */
export function apiErrorText(
  error: unknown,
  fallback: string = defaultErrorText,
  options: ApiErrorTextOptions = {},
): string {
  const lead = options.lead === true ? fallback : options.lead;
  const said = (reason: string) => (!reason ? fallback : lead ? `${lead} ${reason}` : reason);
  if (error instanceof UserFacingError) return said(error.message);
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return options.offline ?? fallback;
  if (options.serverText && !options.serverText(error)) return fallback;
  const mode = options.issues ?? 'append';
  const fields = mode === 'omit' ? '' : issuesText(error.issues);
  let text = error.message;
  if (fields) text = mode === 'only' || !text ? fields : `${text} (${fields})`;
  return options.format ? options.format(text, error) : said(text);
}
