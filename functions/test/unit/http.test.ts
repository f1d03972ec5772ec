/**
 * The middleware chain, exercised by calling a real group handler with API Gateway v2 events:
 * input errors become the envelope before any data access, unknown failures become a logged 500,
 * and log lines carry the request id but never the caller's token.
 */
import type { Context } from 'aws-lambda';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorEnvelopeSchema } from '@studio/shared/errors';
import { callerFromEvent, parseGroups } from '../../src/lib/caller.ts';
import { resetOriginGuard } from '../../src/lib/origin-guard.ts';
import { handler } from '../../src/services/handler.ts';
import { captureOutput } from './captured-output.ts';

const token = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';

function event(rawPath: string, routeKey: string, extra: Record<string, unknown> = {}) {
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: '',
    // As CloudFront forwards it: with the origin header (origin-check.test.ts covers its absence).
    headers: { authorization: `Bearer ${token}`, 'x-origin-verify': originSecret },
    requestContext: {
      requestId: 'req-123',
      routeKey,
      http: { method: 'GET', path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
    },
    isBase64Encoded: false,
    ...extra,
  } as never;
}

const originSecret = 'unit-test-origin-secret';
beforeAll(() => {
  process.env.ORIGIN_SECRET = originSecret;
  resetOriginGuard();
});

const context = { awsRequestId: 'aws-req', getRemainingTimeInMillis: () => 1000 } as unknown as Context;

let output: ReturnType<typeof captureOutput>;
beforeEach(() => {
  output = captureOutput();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

async function call(e: never) {
  // A context per invocation, as Lambda (and the local gateway) gives one.
  const result = await handler(e, { ...context });
  return { ...result, json: errorEnvelopeSchema.safeParse(JSON.parse(result.body as string)) };
}

describe('services handler', () => {
  it('refuses a malformed id with a 400 naming the field', async () => {
    const result = await call(event('/api/services/nope', 'GET /api/services/{id}'));
    expect(result.statusCode).toBe(400);
    expect(result.json.data?.details?.issues).toEqual([{ path: 'params.id', message: expect.any(String) }]);
  });

  it('refuses a body on a route that takes none', async () => {
    const result = await call(event('/api/services', 'GET /api/services', { body: '{"a":1}' }));
    expect(result.statusCode).toBe(400);
    expect(result.json.data?.message).toMatch(/no request body/);
  });

  it('answers 404 in the envelope for a path of another group', async () => {
    const result = await call(event('/api/pricing', 'GET /api/pricing'));
    expect(result.statusCode).toBe(404);
    expect(result.json.success).toBe(true);
  });

  it('turns an unexpected failure into a logged 500 that quotes the request id', async () => {
    const saved = process.env.TABLE_NAME;
    delete process.env.TABLE_NAME;
    try {
      const result = await call(event('/api/services/01ARZ3NDEKTSV4RRFFQ69G5FAV', 'GET /api/services/{id}'));
      expect(result.statusCode).toBe(500);
      expect(result.json.data?.message).toContain('req-123');
      // Errors go to stderr, with the request's id and what failed.
      expect(output.stderr()).toContainEqual(
        expect.objectContaining({ level: 'ERROR', message: 'unhandled error', requestId: 'req-123' }),
      );
    } finally {
      if (saved !== undefined) process.env.TABLE_NAME = saved;
    }
  });

  it('logs JSON lines with the request ids and the group, and never the token', async () => {
    await call(event('/api/services/nope', 'GET /api/services/{id}'));
    const lines = output.all();
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'INFO',
        message: 'request done',
        status: 400,
        requestId: 'req-123',
        function_request_id: 'aws-req',
        group: 'services',
        route: 'GET /api/services/{id}',
        cold_start: expect.any(Boolean),
      }),
    );
    for (const line of lines) expect(line.requestId).toBe('req-123');
    expect(output.text()).not.toContain(token);
  });

  it('gives each request its own keys, even when requests overlap', async () => {
    const one = event('/api/services/nope', 'GET /api/services/{id}');
    const other = {
      ...(event('/api/services/nope2', 'GET /api/services/{id}') as object),
      requestContext: {
        requestId: 'req-456',
        routeKey: 'GET /api/services/{id}',
        http: {
          method: 'GET',
          path: '/api/services/nope2',
          protocol: 'HTTP/1.1',
          sourceIp: '127.0.0.1',
          userAgent: 't',
        },
        authorizer: { jwt: { claims: { sub: 'user-42' }, scopes: null } },
      },
    } as never;
    await Promise.all([call(one), call(other), call(one)]);
    const done = output.all().filter((line) => line.message === 'request done');
    expect(done).toHaveLength(3);
    // The caller of one request never shows in the lines of another.
    expect(done.filter((line) => line.requestId === 'req-456')).toEqual([
      expect.objectContaining({ userId: 'user-42' }),
    ]);
    for (const line of done.filter((l) => l.requestId === 'req-123')) expect(line).not.toHaveProperty('userId');
  });
});

describe('caller', () => {
  it('reads groups flattened by API Gateway or as arrays', () => {
    expect(parseGroups('[SUPER_ADMIN MANAGER]')).toEqual(['SUPER_ADMIN', 'MANAGER']);
    expect(parseGroups(['EDITOR'])).toEqual(['EDITOR']);
    expect(parseGroups('EDITOR')).toEqual(['EDITOR']);
    expect(parseGroups(undefined)).toEqual([]);
  });

  it('gives a staff member the strongest role, and everyone else CLIENT', () => {
    const withClaims = (claims: Record<string, string>) =>
      ({ requestContext: { authorizer: { jwt: { claims } } } }) as never;
    expect(callerFromEvent(withClaims({ sub: 'u1', 'cognito:groups': '[EDITOR MANAGER]' }))?.principal).toBe('MANAGER');
    expect(callerFromEvent(withClaims({ sub: 'u2' }))?.principal).toBe('CLIENT');
    expect(callerFromEvent(withClaims({ sub: 'u3', 'cognito:groups': '[SOMETHING_ELSE]' }))?.principal).toBe('CLIENT');
    expect(callerFromEvent({ requestContext: {} } as never)).toBeNull();
  });

  it('reads the Lambda authorizer’s context: a token’s claims, or an API key as a client of one organisation', () => {
    const withContext = (context: Record<string, string>) =>
      ({ requestContext: { authorizer: { lambda: context } } }) as never;
    expect(
      callerFromEvent(withContext({ sub: 'u1', 'cognito:groups': '[MANAGER]', client_id: 'staff' })),
    ).toMatchObject({
      userId: 'u1',
      principal: 'MANAGER',
      clientId: 'staff',
    });
    const keyed = callerFromEvent(
      withContext({ sub: 'maker', apiKeyId: 'k1', organisationId: 'o1', scopes: 'jobs:read nonsense images:write' }),
    );
    expect(keyed).toEqual({
      userId: 'maker',
      principal: 'CLIENT',
      apiKey: { id: 'k1', organisationId: 'o1', scopes: ['jobs:read', 'images:write'] },
    });
    // A key's context never carries a staff role, and a half-made one is no caller at all.
    expect(
      callerFromEvent(
        withContext({ sub: 'm', apiKeyId: 'k', organisationId: 'o', scopes: '', 'cognito:groups': '[SUPER_ADMIN]' }),
      )?.principal,
    ).toBe('CLIENT');
    expect(callerFromEvent(withContext({ sub: 'm', apiKeyId: 'k' }))).toBeNull();
  });
});
