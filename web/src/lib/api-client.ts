import type { ValidationIssue } from '@studio/shared/errors';
import type { RouteBody, RouteName, RouteParams, RouteQuery, RouteResponse } from '@studio/shared/routes';

/** A failed API call: the error envelope's fields, or status 0 when no response arrived. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly issues: ValidationIssue[];
  /** The envelope's `details` besides the issues: what the caller needs to go on (e.g. an MFA set-up). */
  readonly details: Record<string, unknown>;

  constructor(
    status: number,
    code: string,
    message: string,
    issues: ValidationIssue[] = [],
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.details = details;
  }
}

export const networkErrorMessage = 'Network error occurred';

/** Answers a public read as the API would: the route's response for these params and query. */
export type ServerRead = (
  name: RouteName,
  input: { params: Record<string, string>; query: Record<string, QueryValue> },
) => Promise<unknown>;

let serverRead: ServerRead | undefined;

/**
 * While the static renderer renders a page (web/src/entry-server.tsx), public reads are answered
 * by `read` (the publisher reads the table, the build the catalogue API) instead of the network.
 * Undefined again restores the network. Never set in the browser.
 */
export function answerPublicReadsWith(read: ServerRead | undefined): void {
  serverRead = read;
}

type EmptyObject = Record<never, never>;

// Params, query and body are required exactly when the route declares something required in them.
type ParamsOption<N extends RouteName> =
  EmptyObject extends RouteParams<N> ? { params?: RouteParams<N> } : { params: RouteParams<N> };
type QueryOption<N extends RouteName> =
  EmptyObject extends RouteQuery<N> ? { query?: RouteQuery<N> } : { query: RouteQuery<N> };
type BodyOption<N extends RouteName> = RouteBody<N> extends undefined ? { body?: undefined } : { body: RouteBody<N> };

export type ApiRequestOptions<N extends RouteName> = ParamsOption<N> &
  QueryOption<N> &
  BodyOption<N> & {
    /** Bearer token. Omitted: the stored token, for non-public routes only. `null`: none. */
    token?: string | null;
    signal?: AbortSignal;
    /** Extra request headers, e.g. `Idempotency-Key`. */
    headers?: Record<string, string>;
  };

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** The request itself (the route table's paths, fetch, the error envelope): loaded with the first call. */
const loadRequest = () => import('./api-request.ts');

/**
 * Calls one route of the shared route table and returns its response, parsed with the route's
 * response schema. Throws {@link ApiError} for a non-2xx answer, a response that does not match the
 * schema, or no response at all (status 0). An aborted request rejects with the AbortError itself.
 *
 * How it calls is in api-request.ts, which loads with the first call: a published page arrives
 * with its data and makes no call while it loads (issue 20), so neither that code nor the route
 * table's paths are part of its first load.
 */
export async function apiRequest<N extends RouteName>(
  name: N,
  options: ApiRequestOptions<N>,
): Promise<RouteResponse<N>> {
  const { sendApiRequest } = await loadRequest();
  return sendApiRequest(name, options, serverRead);
}
