/**
 * The API answers only requests that came through the CDN (docs/decisions/hardening.md, "Hardening for a
 * live deployment"): the real `services` handler chain refuses a request without CloudFront's
 * origin header, and the Secrets Manager reading behind it survives a rotation. Secrets Manager
 * itself is played by a small HTTP server speaking its JSON protocol (scripts/test-setup/
 * secrets-manager.ts), so the real SDK client makes the calls; nothing in the guard is replaced.
 */
import type { Context } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorEnvelopeSchema } from '@studio/shared/errors';
import { originHeaderName } from '@studio/shared/platform';
import { createOriginGuard, resetOriginGuard, secretsManagerReader } from '../../src/lib/origin-guard.ts';
import { secretsManagerStandIn } from '../../../scripts/test-setup/secrets-manager.ts';
import { handler } from '../../src/services/handler.ts';
import { captureOutput } from './captured-output.ts';

const context = { awsRequestId: 'aws-req', getRemainingTimeInMillis: () => 1000 } as unknown as Context;

function event(headers: Record<string, string>, claims?: Record<string, string>) {
  return {
    version: '2.0',
    routeKey: 'GET /api/services/{id}',
    rawPath: '/api/services/nope',
    rawQueryString: '',
    headers,
    pathParameters: { id: 'nope' },
    requestContext: {
      requestId: 'req-origin',
      routeKey: 'GET /api/services/{id}',
      http: {
        method: 'GET',
        path: '/api/services/nope',
        protocol: 'HTTP/1.1',
        sourceIp: '203.0.113.9',
        userAgent: 't',
      },
      ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
    },
    isBase64Encoded: false,
  } as never;
}

async function call(headers: Record<string, string>, claims?: Record<string, string>, run = handler) {
  const result = await run(event(headers, claims), context);
  return { status: result.statusCode, envelope: errorEnvelopeSchema.parse(JSON.parse(result.body as string)) };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  resetOriginGuard();
});

let output: ReturnType<typeof captureOutput>;
beforeEach(() => {
  output = captureOutput();
});

describe('the handler chain, configured as the local stack does (ORIGIN_SECRET)', () => {
  beforeAll(() => resetOriginGuard());

  it('refuses a request without the origin header with a 403 in the envelope', async () => {
    vi.stubEnv('ORIGIN_SECRET', 'the-value');
    const { status, envelope } = await call({});
    expect(status).toBe(403);
    expect(envelope).toMatchObject({ statusCode: 403, error: 'FORBIDDEN' });
    expect(envelope.message).toMatch(/through the site/);
  });

  it('refuses a wrong value, and lets the right one through to the route', async () => {
    vi.stubEnv('ORIGIN_SECRET', 'the-value');
    expect((await call({ [originHeaderName]: 'the-valuE' })).status).toBe(403);
    expect((await call({ [originHeaderName]: 'the-value ' })).status).toBe(403);
    // Past the check, the route's own validation answers (a malformed id).
    const passed = await call({ [originHeaderName]: 'the-value' });
    expect(passed.status).toBe(400);
    expect(passed.envelope.details?.issues?.[0]?.path).toBe('params.id');
  });

  it('fails every request (500, logged) when neither the secret nor its ARN is configured', async () => {
    vi.stubEnv('ORIGIN_SECRET', '');
    vi.stubEnv('ORIGIN_SECRET_ARN', '');
    const { status } = await call({ [originHeaderName]: 'anything' });
    expect(status).toBe(500);
    expect(output.stderr()).toContainEqual(
      expect.objectContaining({
        message: 'unhandled error',
        error: expect.stringMatching(/ORIGIN_SECRET_ARN \(deployed\) and ORIGIN_SECRET/),
      }),
    );
  });

  it('logs the refusal with the request id and never the header value', async () => {
    vi.stubEnv('ORIGIN_SECRET', 'the-value');
    await call({ [originHeaderName]: 'forged-value' });
    const lines = output.all();
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'WARN',
        message: 'refused a request that did not come through the CDN',
        requestId: 'req-origin',
        group: 'services',
        originHeader: 'unknown',
      }),
    );
    expect(lines).toContainEqual(expect.objectContaining({ message: 'request done', status: 403 }));
    expect(output.text()).not.toContain('forged-value');
  });
});

describe('structured logs and metrics', () => {
  it('names the caller in every line after the token is read', async () => {
    vi.stubEnv('ORIGIN_SECRET', 'the-value');
    await call({ [originHeaderName]: 'the-value' }, { sub: 'user-42' });
    const done = output.all().find((line) => line.message === 'request done');
    expect(done).toMatchObject({ requestId: 'req-origin', userId: 'user-42', status: 400 });
  });

  it('writes no metrics without a namespace (the local stack)', async () => {
    vi.stubEnv('ORIGIN_SECRET', 'the-value');
    await call({ [originHeaderName]: 'the-value' });
    expect(output.all().filter((line) => '_aws' in line)).toEqual([]);
  });

  it('writes embedded-format metrics per request where a namespace is set, whatever the log level', async () => {
    // The metrics are set up when the handler module is first evaluated: a fresh one, configured.
    vi.resetModules();
    vi.stubEnv('ORIGIN_SECRET', 'the-value');
    vi.stubEnv('LOG_LEVEL', 'error');
    vi.stubEnv('METRICS_NAMESPACE', 'RetouchStudio/test');
    const fresh = (await import('../../src/services/handler.ts')).handler;
    await call({ [originHeaderName]: 'the-value' }, undefined, fresh);
    type Emf = Record<string, unknown> & {
      _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] };
    };
    const lines = output.all() as Emf[];
    // At level error nothing but the metrics: one line for the request (a 400).
    expect(lines).toHaveLength(1);
    const emf = lines[0]!;
    expect(emf._aws.CloudWatchMetrics).toEqual([
      expect.objectContaining({ Namespace: 'RetouchStudio/test', Dimensions: [['service']] }),
    ]);
    expect(emf._aws.CloudWatchMetrics[0]!.Metrics.map((metric) => metric.Name).sort()).toEqual(
      ['ClientErrors', 'ColdStarts', 'Latency', 'Requests', 'ServerErrors'].sort(),
    );
    expect(emf).toMatchObject({
      service: 'api',
      Requests: 1,
      ClientErrors: 1,
      ServerErrors: 0,
      requestId: 'req-origin',
    });

    // A 5xx also counts against its group, in a line of its own.
    vi.stubEnv('ORIGIN_SECRET', '');
    const failing = (await import('../../src/lib/origin-guard.ts')).resetOriginGuard;
    failing();
    await call({ [originHeaderName]: 'the-value' }, undefined, fresh);
    const perGroup = (output.all() as Emf[]).find((line) => line.group === 'services');
    expect(perGroup?._aws.CloudWatchMetrics[0]).toMatchObject({
      Dimensions: [['service', 'group']],
      Metrics: [{ Name: 'ServerErrors', Unit: 'Count' }],
    });
    expect(perGroup).toMatchObject({ service: 'api', group: 'services', ServerErrors: 1 });
  });
});

describe('the origin secret read from Secrets Manager', () => {
  const arn = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:origin-AbCdEf';
  const stand = secretsManagerStandIn({ [arn]: 'value-1' });
  const current = () => stand.secrets.get(arn)!.current;
  let clock = 0;
  const now = () => clock;

  beforeAll(async () => {
    const endpoint = await stand.start();
    // Read when the reader's client is first created, below.
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_SECRETS_MANAGER: endpoint,
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
    });
  });
  afterAll(() => stand.close());

  it('reads once, accepts current and previous values through a rotation, and forgets older ones', async () => {
    const guard = createOriginGuard(secretsManagerReader(arn), { now, missGapMs: 5_000, maxAgeMs: 300_000 });
    stand.reads.length = 0;

    // A request without the header costs no read at all.
    expect(await guard.accepts(undefined)).toBe(false);
    expect(stand.reads.length).toBe(0);

    expect(await guard.accepts('value-1')).toBe(true);
    expect(await guard.accepts('value-1')).toBe(true);
    // One read of AWSCURRENT and one of AWSPREVIOUS (absent: never rotated), then cached.
    expect(stand.reads.length).toBe(2);

    // Rotation: value-2 is current, value-1 previous. CloudFront still sends value-1 for a while.
    stand.rotate(arn, 'value-2');
    clock += 60_000;
    expect(await guard.accepts('value-1')).toBe(true);
    expect(stand.reads.length).toBe(2);
    // The first request with the new value is a miss: the guard reads again and lets it through.
    expect(await guard.accepts('value-2')).toBe(true);
    expect(stand.reads.length).toBe(4);
    // The previous value still works during the switch.
    expect(await guard.accepts('value-1')).toBe(true);

    // Another rotation retires value-1; the next re-read (here: after max age) stops accepting it.
    stand.rotate(arn, 'value-3');
    clock += 300_000;
    expect(await guard.accepts('value-1')).toBe(false);
    expect(await guard.accepts('value-2')).toBe(true);
    expect(await guard.accepts('value-3')).toBe(true);
  });

  it('reads at most once per gap for a flood of forged values', async () => {
    const guard = createOriginGuard(secretsManagerReader(arn), { now, missGapMs: 5_000 });
    expect(await guard.accepts(current())).toBe(true);
    const before = stand.reads.length;
    clock += 10_000;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => guard.accepts(`forged-${i}`)));
    expect(answers.every((accepted) => !accepted)).toBe(true);
    // One re-read (two calls: current and previous) for the twenty, not twenty.
    expect(stand.reads.length - before).toBe(2);
    expect(await guard.accepts('forged-again')).toBe(false);
    expect(stand.reads.length - before).toBe(2);
  });

  it('keeps the values it has when a re-read fails, and fails only when it has none', async () => {
    const guard = createOriginGuard(secretsManagerReader(arn), { now, maxAgeMs: 1_000 });
    stand.failing = true;
    try {
      await expect(guard.accepts('anything')).rejects.toThrow();
    } finally {
      stand.failing = false;
    }
    expect(await guard.accepts(current())).toBe(true);
    stand.failing = true;
    try {
      clock += 60_000;
      expect(await guard.accepts(current())).toBe(true);
    } finally {
      stand.failing = false;
    }
  });
});
