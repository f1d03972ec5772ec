/**
 * The local stand-in for API Gateway: serves `/api/*` from the route table by calling the very
 * same Lambda handlers with HTTP API (payload 2.0) events, after the decision the production
 * authorizer makes (functions/src/authorizer/decide.ts: a Cognito token or an API key). Nothing else: the developer mailbox has a server of its own
 * (./mailbox-server.ts).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { countsAsAnonymousPost } from '@studio/shared/anonymous-limit';
import { apiKeyPrefix } from '@studio/shared/api-keys';
import { errorEnvelope, type ErrorCode } from '@studio/shared/errors';
import { originHeaderName } from '@studio/shared/platform';
import { routeList, type RouteGroup } from '@studio/shared/routes';
import type * as Authorizer from '../../functions/src/authorizer/decide.ts';
import { timeoutScale } from '../../functions/src/lib/sdk-options.ts';
import type { StackClock } from './clock.ts';
import { createRateLimiter, defaultRateLimit, type RateLimitOptions } from './rate-limit.ts';

// Loaded at the first request, not with this module: the authorizer reads the table, and the
// table's client takes its time budget from the environment when its module loads. The local
// stack sets that environment (the suites' ten-fold budgets, SDK_TIMEOUT_SCALE) after importing
// this module; imported here, every handler's table client kept production's 1 s.
let authorizer: Promise<typeof Authorizer> | undefined;
const loadAuthorizer = () => (authorizer ??= import('../../functions/src/authorizer/decide.ts'));

export interface GatewayOptions {
  port: number;
  repoRoot: string;
  /** Issuer of the user pool's tokens, e.g. `http://127.0.0.1:9229/local_abc`. */
  issuer: string;
  /** App client ids accepted as `aud` (id tokens) or `client_id` (access tokens). */
  audiences: string[];
  /** Largest request body accepted, as API Gateway's payload limit. */
  maxBodyBytes?: number;
  /** Limit on anonymous POSTs per client address; defaults to the WAF's (`anonymousPostLimit`). */
  rateLimit?: RateLimitOptions;
  /**
   * The origin header's value the handlers accept (their ORIGIN_SECRET). In AWS, CloudFront adds
   * the header to every request it forwards and the handlers refuse requests without it; locally
   * this gateway is the only way to the handlers, so it adds the header itself, replacing any
   * value the client sent, as CloudFront does.
   */
  originSecret: string;
  /** The time stamped on each request (`requestContext.timeEpoch`); the machine's clock when absent. */
  clock?: Pick<StackClock, 'now'>;
}

export interface Gateway {
  url: string;
  close(): Promise<void>;
}

type Handler = (event: unknown, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

interface CompiledRoute {
  method: string;
  path: string;
  group: RouteGroup;
  public: boolean;
  regex: RegExp;
  paramNames: string[];
  staticPath: boolean;
}

function compile(): CompiledRoute[] {
  return routeList
    .map((route) => {
      const paramNames: string[] = [];
      const pattern = route.path
        .split('/')
        .map((part) => {
          const match = /^\{(\w+)\}$/.exec(part);
          if (match) {
            paramNames.push(match[1]!);
            return '([^/]+)';
          }
          return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        })
        .join('/');
      return {
        method: route.method,
        path: route.path,
        group: route.group,
        public: route.access === 'public',
        regex: new RegExp(`^/${pattern}$`),
        paramNames,
        staticPath: paramNames.length === 0,
      };
    })
    .sort((a, b) => Number(b.staticPath) - Number(a.staticPath));
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const compiled = compile();
  const handlers = new Map<RouteGroup, Promise<Handler>>();
  const loadHandler = (group: RouteGroup) => {
    let handler = handlers.get(group);
    if (!handler) {
      const file = path.join(options.repoRoot, 'functions', 'src', group, 'handler.ts');
      handler = import(pathToFileURL(file).href).then((mod: { handler: Handler }) => mod.handler);
      handlers.set(group, handler);
    }
    return handler;
  };

  const require = createRequire(import.meta.url);
  // cognito-local signs with one fixed key, shipped as `{ jwk }`; the verifier wants a JWKS.
  const { jwk } = JSON.parse(
    await readFile(require.resolve('cognito-local/lib/keys/cognitoLocal.public.json'), 'utf8'),
  ) as { jwk: { kid: string; kty: string; n: string; e: string } };
  const jwks = { keys: [jwk] };
  const verifier = JwtRsaVerifier.create({
    issuer: options.issuer,
    audience: null,
    customJwtCheck: ({ payload }) => {
      const audience = payload.aud ?? payload.client_id;
      const values = Array.isArray(audience) ? audience : [audience];
      if (!values.some((v) => typeof v === 'string' && options.audiences.includes(v))) {
        throw new Error('token is for another app client');
      }
    },
  });
  verifier.cacheJwks(jwks as unknown as Parameters<typeof verifier.cacheJwks>[0]);
  const maxBodyBytes = options.maxBodyBytes ?? 10 * 1024 * 1024;
  const rateLimiter = createRateLimiter(options.rateLimit ?? defaultRateLimit);

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error(JSON.stringify({ level: 'error', msg: 'gateway failure', error: String(error) }));
      if (!res.headersSent) sendError(res, 'INTERNAL', 'The local gateway failed.');
      else res.end();
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();
    // Like API Gateway, the payload limit applies before any routing.
    const body = await readBody(req, maxBodyBytes);
    if (body === 'too-large') return sendError(res, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');

    const candidates = compiled.filter((route) => route.regex.test(url.pathname));
    if (candidates.length === 0) return sendError(res, 'NOT_FOUND', 'No such API route.');
    const route = candidates.find((r) => r.method === method);
    if (!route) {
      res.setHeader('allow', [...new Set(candidates.map((r) => r.method))].join(', '));
      return sendError(res, 'METHOD_NOT_ALLOWED', `${method} is not allowed here.`);
    }

    // The WAF's rule (shared/src/anonymous-limit.ts): anonymous posts (forms, sign-up, sign-in) of
    // one address together; signed-in requests are limited per account by the API.
    if (countsAsAnonymousPost(method, url.pathname)) {
      const decision = rateLimiter.check(req.socket.remoteAddress ?? 'unknown');
      if (!decision.allowed) {
        res.setHeader('retry-after', String(decision.retryAfterSeconds));
        return sendError(
          res,
          'TOO_MANY_REQUESTS',
          `Too many requests from your network. Please wait ${decision.retryAfterSeconds} seconds and try again.`,
        );
      }
    }

    // The Lambda authorizer's decision (functions/src/authorizer): a Cognito token or an API key.
    let claims: Record<string, string> | undefined;
    if (!route.public) {
      const { bearerToken, decide } = await loadAuthorizer();
      const token = bearerToken(req.headers.authorization);
      if (!token) return sendError(res, 'UNAUTHORIZED', 'Sign in to continue.');
      const decided = await decide(token, (jwt) => verifier.verify(jwt));
      if (!decided) {
        return sendError(
          res,
          'UNAUTHORIZED',
          token.startsWith(apiKeyPrefix)
            ? 'This API key is not valid or was revoked.'
            : 'Your session has expired or is not valid. Sign in again.',
        );
      }
      claims = decided;
    }

    const match = route.regex.exec(url.pathname)!;
    const pathParameters = Object.fromEntries(route.paramNames.map((name, i) => [name, safeDecode(match[i + 1]!)]));
    const requestId = randomUUID();
    const receivedAt = new Date(options.clock?.now() ?? Date.now());
    const event = buildEvent(req, url, method, route, pathParameters, body, requestId, claims, receivedAt);
    event.headers[originHeaderName] = options.originSecret;
    // CloudFront's own header naming the viewer (functions/src/lib/limits.ts): only CloudFront sets
    // it, never the client; locally the source address is the connection's, as `sourceIp` says.
    delete event.headers['cloudfront-viewer-address'];
    const handler = await loadHandler(route.group);
    const result = await handler(event, lambdaContext(requestId, route.group));
    const headers: Record<string, string> = { 'apigw-requestid': requestId };
    for (const [key, value] of Object.entries(result.headers ?? {})) headers[key] = String(value);
    res.writeHead(result.statusCode ?? 200, headers);
    res.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function buildEvent(
  req: http.IncomingMessage,
  url: URL,
  method: string,
  route: CompiledRoute,
  pathParameters: Record<string, string>,
  body: Buffer,
  requestId: string,
  claims: Record<string, string> | undefined,
  now: Date,
) {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[key.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) query[key] = key in query ? `${query[key]},${value}` : value;
  const contentType = headers['content-type'] ?? '';
  const textual = body.length === 0 || /^(application\/(json|x-www-form-urlencoded)|text\/)/i.test(contentType);
  return {
    version: '2.0',
    routeKey: `${route.method} /${route.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    headers,
    queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
    pathParameters: Object.keys(pathParameters).length > 0 ? pathParameters : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: `${route.method} /${route.path}`,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      ...(claims ? { authorizer: { lambda: claims } } : {}),
    },
    body: body.length > 0 ? body.toString(textual ? 'utf8' : 'base64') : undefined,
    isBase64Encoded: body.length > 0 && !textual,
  };
}

/**
 * A handler's Lambda context. Its time is an API function's timeout (infra's group functions:
 * 10 s) times the scale of the stack's time limits, read at each request (the stack sets it after
 * loading this module). With the scale on the AWS clients alone, one slow table call of a loaded
 * machine's emulator could spend the whole function's time, and middy answered with a 503.
 */
export function lambdaContext(requestId: string, group: string): Context {
  const deadline = Date.now() + 10_000 * timeoutScale();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `local-${group}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:local-${group}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/local-${group}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

async function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Past the limit the rest is drained and dropped, so the client still reads the 413.
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= limit) chunks.push(chunk as Buffer);
  }
  return size > limit ? 'too-large' : Buffer.concat(chunks);
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function sendError(res: http.ServerResponse, code: ErrorCode, message: string) {
  const envelope = errorEnvelope(code, message);
  sendJson(res, envelope.statusCode, envelope);
}
