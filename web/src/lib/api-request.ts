import type { ValidationIssue } from '@studio/shared/errors';
import type { RouteName, RouteResponse } from '@studio/shared/routes';
import { fillPath, loadRoute, publicRoutes } from 'virtual:studio-route-table';
import {
  ApiError,
  networkErrorMessage,
  type ApiRequestOptions,
  type QueryValue,
  type ServerRead,
} from './api-client.ts';
import { getToken } from './auth-token.ts';
import { expireSession } from './session.ts';

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

/** `apiRequest` (api-client.ts) itself; `serverRead` answers public reads while the renderer renders. */
export async function sendApiRequest<N extends RouteName>(
  name: N,
  options: ApiRequestOptions<N>,
  serverRead: ServerRead | undefined,
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
  // schemas was the largest script task of a public page's start on a phone (docs/decisions.md).
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
