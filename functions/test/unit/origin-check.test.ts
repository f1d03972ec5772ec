/**
 * The API answers only requests that came through the CDN (docs/decisions/hardening.md, "Hardening for a
 * live deployment"): the real `services` handler chain refuses a request without CloudFront's
 * origin header, and the Secrets Manager reading behind it survives a rotation. Secrets Manager
 * itself is played by a small HTTP server speaking its JSON protocol, so the real SDK client
 * makes the calls; nothing in the guard is replaced.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorEnvelopeSchema } from '@studio/shared/errors';
import { originHeaderName } from '@studio/shared/platform';
import { createOriginGuard, resetOriginGuard, secretsManagerReader } from '../../src/lib/origin-guard.ts';
import { requestMetricsLine } from '../../src/lib/metrics.ts';
import { handler } from '../../src/services/handler.ts';

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

async function call(headers: Record<string, string>, claims?: Record<string, string>) {
  const result = await handler(event(headers, claims), context);
  return { status: result.statusCode, envelope: errorEnvelopeSchema.parse(JSON.parse(result.body as string)) };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  resetOriginGuard();
});

describe('the handler chain, configured as the local stack does (ORIGIN_SECRET)', () => {
  beforeAll(() => resetOriginGuard());
  // Quiet: the 'request done' lines are checked in the tests that capture them.
  beforeEach(() => void vi.spyOn(console, 'log').mockImplementation(() => undefined));

  it('refuses a request without the origin header with a 403 in the envelope', async () => {
    vi.stubEnv('ORIGIN_SECRET', 'the-value');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { status, envelope } = await call({});
    expect(status).toBe(403);
    expect(envelope).toMatchObject({ statusCode: 403, error: 'FORBIDDEN' });
    expect(envelope.message).toMatch(/through the site/);
  });

  it('refuses a wrong value, and lets the right one through to the route', async () => {
    vi.stubEnv('ORIGIN_SECRET', 'the-value');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
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
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(String(line)));
    const { status } = await call({ [originHeaderName]: 'anything' });
    expect(status).toBe(500);
    expect(errors.join('\n')).toMatch(/ORIGIN_SECRET_ARN \(deployed\) and ORIGIN_SECRET/);
  });

  it('logs the refusal with the request id and never the header value', async () => {
    vi.stubEnv('ORIGIN_SECRET', 'the-value');
    vi.stubEnv('LOG_LEVEL', 'info');
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void lines.push(String(line)));
    await call({ [originHeaderName]: 'forged-value' });
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.find((l) => l.msg === 'refused a request that did not come through the CDN')).toMatchObject({
      requestId: 'req-origin',
      group: 'services',
      originHeader: 'unknown',
    });
    expect(parsed.find((l) => l.msg === 'request done')).toMatchObject({ status: 403 });
    expect(lines.join('\n')).not.toContain('forged-value');
  });
});

describe('structured logs and metrics', () => {
  it('names the caller in every line after the token is read', async () => {
    vi.stubEnv('ORIGIN_SECRET', 'the-value');
    vi.stubEnv('LOG_LEVEL', 'info');
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
    await call({ [originHeaderName]: 'the-value' }, { sub: 'user-42' });
    const done = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'request done');
    expect(done).toMatchObject({ requestId: 'req-origin', userId: 'user-42', status: 400 });
  });

  it('writes one embedded-metric-format line per request where a namespace is set, whatever the log level', async () => {
    vi.stubEnv('ORIGIN_SECRET', 'the-value');
    vi.stubEnv('LOG_LEVEL', 'error');
    vi.stubEnv('METRICS_NAMESPACE', 'RetouchStudio/test');
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await call({ [originHeaderName]: 'the-value' });
    expect(lines).toHaveLength(1);
    const emf = JSON.parse(lines[0]!) as Record<string, unknown> & {
      _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] };
    };
    expect(emf._aws.CloudWatchMetrics[0]).toMatchObject({ Namespace: 'RetouchStudio/test', Dimensions: [['Service']] });
    expect(emf._aws.CloudWatchMetrics[1]).toMatchObject({ Dimensions: [['Service', 'Group']] });
    // Every metric a directive names is a number in the line, as EMF requires.
    for (const directive of emf._aws.CloudWatchMetrics) {
      for (const metric of directive.Metrics) expect(typeof emf[metric.Name], metric.Name).toBe('number');
      for (const dimension of directive.Dimensions.flat()) expect(typeof emf[dimension], dimension).toBe('string');
    }
    expect(emf).toMatchObject({ Service: 'api', Group: 'services', Requests: 1, ClientErrors: 1, ServerErrors: 0 });
  });

  it('writes no metrics without a namespace (the local stack)', () => {
    const metrics = { group: 'jobs', status: 500, durationMs: 3, coldStart: false, requestId: 'r' };
    expect(requestMetricsLine(metrics, undefined)).toBeUndefined();
    expect(JSON.parse(requestMetricsLine(metrics, 'N')!)).toMatchObject({ ServerErrors: 1, ClientErrors: 0 });
  });
});

/** Secrets Manager's GetSecretValue over its JSON protocol, with versions staged like the service. */
function fakeSecretsManager() {
  const state = { current: 'value-1', previous: undefined as string | undefined, reads: 0, failing: false };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const target = req.headers['x-amz-target'];
      const body = JSON.parse(raw) as { SecretId: string; VersionStage?: string };
      const fail = (status: number, type: string) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': type });
        res.end(JSON.stringify({ __type: type, message: type }));
      };
      if (target !== 'secretsmanager.GetSecretValue') return fail(400, 'InvalidRequestException');
      state.reads++;
      // Not retried by the SDK (a missing permission, say), so the test needs no waiting.
      if (state.failing) return fail(400, 'AccessDeniedException');
      const value = body.VersionStage === 'AWSPREVIOUS' ? state.previous : state.current;
      if (value === undefined) return fail(400, 'ResourceNotFoundException');
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(
        JSON.stringify({
          ARN: body.SecretId,
          Name: 'origin',
          VersionId: value,
          SecretString: value,
          VersionStages: [body.VersionStage ?? 'AWSCURRENT'],
        }),
      );
    });
  });
  return {
    state,
    rotate(next: string) {
      state.previous = state.current;
      state.current = next;
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the origin secret read from Secrets Manager', () => {
  const secrets = fakeSecretsManager();
  const arn = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:origin-AbCdEf';
  let clock = 0;
  const now = () => clock;

  beforeAll(async () => {
    const endpoint = await secrets.start();
    // Read when the reader's client is first created, below.
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_SECRETS_MANAGER: endpoint,
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
    });
  });
  afterAll(() => secrets.close());

  it('reads once, accepts current and previous values through a rotation, and forgets older ones', async () => {
    const guard = createOriginGuard(secretsManagerReader(arn), { now, missGapMs: 5_000, maxAgeMs: 300_000 });
    secrets.state.reads = 0;

    // A request without the header costs no read at all.
    expect(await guard.accepts(undefined)).toBe(false);
    expect(secrets.state.reads).toBe(0);

    expect(await guard.accepts('value-1')).toBe(true);
    expect(await guard.accepts('value-1')).toBe(true);
    // One read of AWSCURRENT and one of AWSPREVIOUS (absent: never rotated), then cached.
    expect(secrets.state.reads).toBe(2);

    // Rotation: value-2 is current, value-1 previous. CloudFront still sends value-1 for a while.
    secrets.rotate('value-2');
    clock += 60_000;
    expect(await guard.accepts('value-1')).toBe(true);
    expect(secrets.state.reads).toBe(2);
    // The first request with the new value is a miss: the guard reads again and lets it through.
    expect(await guard.accepts('value-2')).toBe(true);
    expect(secrets.state.reads).toBe(4);
    // The previous value still works during the switch.
    expect(await guard.accepts('value-1')).toBe(true);

    // Another rotation retires value-1; the next re-read (here: after max age) stops accepting it.
    secrets.rotate('value-3');
    clock += 300_000;
    expect(await guard.accepts('value-1')).toBe(false);
    expect(await guard.accepts('value-2')).toBe(true);
    expect(await guard.accepts('value-3')).toBe(true);
  });

  it('reads at most once per gap for a flood of forged values', async () => {
    const guard = createOriginGuard(secretsManagerReader(arn), { now, missGapMs: 5_000 });
    expect(await guard.accepts(secrets.state.current)).toBe(true);
    const before = secrets.state.reads;
    clock += 10_000;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => guard.accepts(`forged-${i}`)));
    expect(answers.every((accepted) => !accepted)).toBe(true);
    // One re-read (two calls: current and previous) for the twenty, not twenty.
    expect(secrets.state.reads - before).toBe(2);
    expect(await guard.accepts('forged-again')).toBe(false);
    expect(secrets.state.reads - before).toBe(2);
  });

  it('keeps the values it has when a re-read fails, and fails only when it has none', async () => {
    const guard = createOriginGuard(secretsManagerReader(arn), { now, maxAgeMs: 1_000 });
    secrets.state.failing = true;
    try {
      await expect(guard.accepts('anything')).rejects.toThrow();
    } finally {
      secrets.state.failing = false;
    }
    expect(await guard.accepts(secrets.state.current)).toBe(true);
    secrets.state.failing = true;
    try {
      clock += 60_000;
      expect(await guard.accepts(secrets.state.current)).toBe(true);
    } finally {
      secrets.state.failing = false;
    }
  });
});
