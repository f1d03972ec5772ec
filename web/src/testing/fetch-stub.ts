import { vi } from 'vitest';

/** What a stubbed fetch saw: method, path with query, headers and the raw body. */
export interface StubbedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string | undefined;
}

export type FetchHandler = (request: StubbedRequest) => Response | Promise<Response>;

let unexpected: string[] = [];

/**
 * Reads the frame of every staff page makes (StaffLayout: the studio's time zone, #40), answered
 * unless a test names them itself, and left out of `calls`, so a page's test lists its own calls.
 */
const ambient: Record<string, FetchHandler> = {
  'GET /api/settings/time-zone': () => jsonResponse({ timeZone: 'UTC' }),
};

/**
 * Replaces `fetch` with handlers keyed `'GET /api/services'`. A key given a list answers its calls in
 * order, one handler each. Any other call — or a call beyond a list — is recorded and rejected, and
 * {@link assertNoUnexpectedFetches} (run after every test by the setup file) fails the test.
 */
export function stubFetch(handlers: Record<string, FetchHandler | FetchHandler[]> = {}) {
  const calls: StubbedRequest[] = [];
  const queues = new Map(
    Object.entries(handlers).map(([key, handler]) => [key, Array.isArray(handler) ? [...handler] : handler]),
  );

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const request: StubbedRequest = {
      method,
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
    };
    calls.push(request);
    const key = `${method} ${url.pathname}${url.search}`;
    const ambientHandler = ambient[key];
    if (ambientHandler && !queues.has(key)) {
      // A read every staff page makes: answered, and not counted among the test's calls.
      calls.pop();
      return ambientHandler(request);
    }
    const entry = queues.get(key) ?? queues.get(`${method} ${url.pathname}`);
    const handler = Array.isArray(entry) ? entry.shift() : entry;
    if (!handler) {
      unexpected.push(key);
      throw new Error(`Unexpected fetch: ${key}`);
    }
    return handler(request);
  });

  vi.stubGlobal('fetch', fetchStub);
  return { calls, fetch: fetchStub };
}

export function assertNoUnexpectedFetches(): void {
  const seen = unexpected;
  unexpected = [];
  if (seen.length > 0) throw new Error(`The test made fetch calls it did not expect: ${seen.join(', ')}`);
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
