import type { ValidationIssue } from '@studio/shared/errors';
import type { RouteBody, RouteName, RouteParams, RouteQuery, RouteResponse } from '@studio/shared/routes';
import { fillPath, loadRoute, publicRoutes } from 'virtual:studio-route-table';
import { getToken } from './auth-token.ts';
import { expireSession } from './session.ts';

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

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * Calls one route of the shared route table and returns its response, parsed with the route's
 * response schema. Throws {@link ApiError} for a non-2xx answer, a response that does not match the
 * schema, or no response at all (status 0). An aborted request rejects with the AbortError itself.
 */
export async function apiRequest<N extends RouteName>(
  name: N,
  options: ApiRequestOptions<N>,
): Promise<RouteResponse<N>> {
  // Method, path and access only: the route table's schemas stay out of the page's first load, and
  // the client and staff routes' part of the table loads with their first call.
  const route = publicRoutes[name] ?? (await loadRoute(name));
  const {
    params,
    query,
    body,
    signal,
    headers: extraHeaders,
  } = options as {
    params?: Record<string, string>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };
  if (serverRead) {
    if (route.access !== 'public' || route.method !== 'GET') throw new Error(`${name} is not a public read`);
    return (await serverRead(name, { params: params ?? {}, query: query ?? {} })) as RouteResponse<N>;
  }
  const token = options.token === undefined ? (route.access === 'public' ? null : getToken()) : options.token;

  const headers: Record<string, string> = { ...extraHeaders, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  const url = fillPath(route.path, params ?? {}) + queryString(query);
  // Public reads are not parsed again in the browser: the API parses every answer with the route's
  // schema before sending it (functions/src/lib/http.ts), and building and running those zod
  // schemas was the largest script task of a public page's start on a phone (docs/decisions/fast-accessible-indexable.md).
  // They must still be a JSON object or list (a proxy's HTML page is no answer). Every other
  // route's answer is parsed with its schema, which loads while the request is in flight.
  const parsedByServerOnly = route.access === 'public' && route.method === 'GET';
  const schema = parsedByServerOnly ? undefined : route.response();
  // Failures surface below, after the response; this keeps an early rejection from going unhandled.
  schema?.catch(() => undefined);
  const init: RequestInit = {
    method: route.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  };
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', networkErrorMessage);
  }

  let payload: unknown;
  try {
    payload = await readJson(response);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', networkErrorMessage);
  }

  if (!response.ok) {
    // An expired or rejected stored client token: end the session so the app sends the visitor to
    // sign in again. A token passed in (the staff console's) is the caller's to handle.
    if (response.status === 401 && route.access !== 'public' && options.token === undefined) expireSession();
    // The envelope's schema loads with the first error (a small chunk): the first load of a page
    // does not evaluate zod schemas it may never use.
    const envelope = await import('@studio/shared/errors').then(
      ({ errorEnvelopeSchema }) => errorEnvelopeSchema.safeParse(payload),
      () => undefined,
    );
    if (envelope?.success) {
      const { error, message, details } = envelope.data;
      throw new ApiError(response.status, error, message, details?.issues ?? [], details ?? {});
    }
    throw new ApiError(response.status, 'HTTP_ERROR', `Request failed with status ${response.status}`);
  }

  const unexpected = (issues: ValidationIssue[] = []) =>
    new ApiError(response.status, 'INVALID_RESPONSE', 'The server sent an unexpected response', issues);
  if (!schema) {
    if (typeof payload !== 'object' || payload === null) throw unexpected();
    return payload as RouteResponse<N>;
  }
  let responseSchema: Awaited<typeof schema>;
  try {
    responseSchema = await schema;
  } catch {
    // The schema's chunk could not be fetched: the same as losing the connection.
    throw new ApiError(0, 'NETWORK_ERROR', networkErrorMessage);
  }
  const parsed = responseSchema.safeParse(payload);
  if (!parsed.success) {
    throw unexpected(parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
  }
  return parsed.data as RouteResponse<N>;
}
