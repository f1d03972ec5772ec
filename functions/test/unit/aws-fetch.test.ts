/**
 * The signed `fetch` that stands in for an SDK client where a function makes one or two AWS calls
 * (functions/src/lib/aws-fetch.ts). No emulator checks signatures, so the signature is recomputed
 * here from the Signature Version 4 specification (canonical request, string to sign, the derived
 * key); and the call keeps the SDK client's behaviour: a retry after a 5xx, the service's error
 * name, and failures that `isUnavailable` answers with 503 (a frozen server, a dead port).
 */
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { awsError, awsFetch } from '../../src/lib/aws-fetch.ts';
import { isUnavailable } from '../../src/lib/dynamo-errors.ts';

interface Seen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const seen: Seen[] = [];
let answers: { status: number; headers?: Record<string, string>; body?: string }[] = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    seen.push({ method: req.method!, path: req.url!, headers: req.headers, body });
    const answer = answers.shift() ?? { status: 202 };
    res.writeHead(answer.status, answer.headers ?? {});
    res.end(answer.body ?? '');
  });
});
let endpoint: string;

const silent = net.createServer((socket) => socket.on('data', () => undefined));
const sockets = new Set<net.Socket>();
silent.on('connection', (socket) => sockets.add(socket));
let silentPort: number;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as net.AddressInfo).port;
  Object.assign(process.env, {
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    AWS_SESSION_TOKEN: 'session-token',
    AWS_ENDPOINT_URL_LAMBDA: endpoint,
  });
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => silent.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
  answers = [];
});

const budget = { connectionTimeoutMs: 200, requestTimeoutMs: 300, maxAttempts: 2 };

const invoke = () =>
  awsFetch({
    service: 'lambda',
    endpointId: 'LAMBDA',
    path: `/2015-03-31/functions/${encodeURIComponent('arn:aws:lambda:eu-west-1:1:function:worker')}/invocations`,
    headers: { 'content-type': 'application/json', 'x-amz-invocation-type': 'Event' },
    body: JSON.stringify({ task: 'keep-photos', jobId: 'j-1' }),
    budget,
  });

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** The signature of a received request, computed as the SigV4 specification says. */
function expectedSignature(request: Seen, signedHeaders: string[], scope: string): string {
  const amzDate = request.headers['x-amz-date'] as string;
  // Non-S3 services sign the path URI-encoded once more (each `%` of an encoded segment as `%25`).
  const canonicalPath = request.path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${String(request.headers[name]).trim()}\n`).join('');
  const canonicalRequest = [
    request.method,
    canonicalPath,
    '',
    canonicalHeaders,
    signedHeaders.join(';'),
    sha256(request.body),
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const [day, region, service] = scope.split('/') as [string, string, string];
  const key = hmac(hmac(hmac(hmac(`AWS4${process.env.AWS_SECRET_ACCESS_KEY}`, day), region), service), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign).digest('hex');
}

describe('a signed AWS call', () => {
  it('is signed as Signature Version 4 specifies, with the session token', async () => {
    const response = await invoke();
    expect(response.status).toBe(202);
    const request = seen[0]!;
    expect(request.path).toBe(
      '/2015-03-31/functions/arn%3Aaws%3Alambda%3Aeu-west-1%3A1%3Afunction%3Aworker/invocations',
    );
    expect(request.headers['x-amz-security-token']).toBe('session-token');
    expect(request.headers['x-amz-invocation-type']).toBe('Event');
    const authorization = String(request.headers.authorization);
    const [, credential, signed, signature] =
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/([^,]+), SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        authorization,
      )!;
    expect(credential).toMatch(/^\d{8}\/eu-west-1\/lambda\/aws4_request$/);
    const signedHeaders = signed!.split(';');
    expect(signedHeaders).toEqual(expect.arrayContaining(['host', 'x-amz-date', 'x-amz-invocation-type']));
    expect(signature).toBe(expectedSignature(request, signedHeaders, credential!));
  });

  it('tries again after a 5xx, and names the error of a refused call as the SDK does', async () => {
    answers = [{ status: 503 }, { status: 202 }];
    expect((await invoke()).status).toBe(202);
    expect(seen).toHaveLength(2);

    answers = [
      {
        status: 404,
        headers: { 'x-amzn-errortype': 'ResourceNotFoundException:http://internal.amazon.com/' },
        body: JSON.stringify({ Type: 'User', message: 'Function not found' }),
      },
    ];
    const refused = await invoke();
    const error = await awsError('lambda', refused);
    expect(error).toMatchObject({ name: 'ResourceNotFoundException', message: 'Function not found' });
    expect(error.$metadata.httpStatusCode).toBe(404);
    expect(isUnavailable(error)).toBe(false);

    answers = [{ status: 400, body: JSON.stringify({ __type: 'com.amazonaws#UserNotFoundException', message: 'x' }) }];
    expect((await awsError('cognito-idp', await invoke())).name).toBe('UserNotFoundException');
  });

  it('fails within its budget on a frozen server and on a dead port, as unavailable', async () => {
    process.env.AWS_ENDPOINT_URL_LAMBDA = `http://127.0.0.1:${silentPort}`;
    try {
      const started = Date.now();
      const frozen = await invoke().catch((error: unknown) => error);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(isUnavailable(frozen)).toBe(true);

      const dead = net.createServer();
      await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
      const port = (dead.address() as net.AddressInfo).port;
      await new Promise((resolve) => dead.close(resolve));
      process.env.AWS_ENDPOINT_URL_LAMBDA = `http://127.0.0.1:${port}`;
      const refused = await invoke().catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: 'ECONNREFUSED' });
      expect(isUnavailable(refused)).toBe(true);
    } finally {
      process.env.AWS_ENDPOINT_URL_LAMBDA = endpoint;
    }
  });
});
