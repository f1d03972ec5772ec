import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy from '@middy/core';
import httpRouterHandler from '@middy/http-router';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import { errorEnvelope, type ErrorEnvelope, type ValidationIssue } from '@studio/shared/errors';
import { originHeaderName } from '@studio/shared/platform';
import { isAllowed } from '@studio/shared/access';
import type {
  RouteBody,
  RouteDefinition,
  RouteGroup,
  RouteName,
  RouteParams,
  RouteQuery,
  RouteResponse,
} from '@studio/shared/routes';
import { takesIdempotencyKey } from '@studio/shared/routes/route';
import { accountCheck } from './account-check.ts';
import { apiKeyRules } from './api-key-rules.ts';
import { callerFromEvent, type Caller } from './caller.ts';
import { isConditionFailed, isTransactionCancelled, isUnavailable } from './dynamo-errors.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  ServiceUnavailableError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
} from './errors.ts';
import { idempotentPost } from './idempotency.ts';
import { userWriteLimit } from './limits.ts';
import {
  invocationLogger,
  isColdStart,
  MetricUnit,
  requestMetrics,
  tracingMiddleware,
  type Logger,
} from './observability.ts';
import { originGuard } from './origin-guard.ts';
import { requestTimeOf } from './request-time.ts';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** What a route implementation receives: parsed, validated input and who is calling. */
export interface RouteInput<N extends RouteName> {
  params: RouteParams<N>;
  query: RouteQuery<N>;
  body: RouteBody<N>;
  /** Request headers, names lower-cased (API Gateway v2 already sends them so). */
  headers: Record<string, string>;
  /** The body's exact bytes (routes declared `rawBody`, whose signature covers them); empty otherwise. */
  rawBody: Buffer;
  caller: Caller | null;
  log: Logger;
  /** The address the request came from, as API Gateway saw it (see lib/limits.ts `clientAddress`). */
  sourceIp: string;
  /**
   * When the request arrived (epoch ms), as API Gateway stamps it (`requestContext.timeEpoch`):
   * the time the abuse limits and caches count with. The local gateway stamps it from the local
   * stack's clock, which a test can move forward instead of waiting.
   */
  requestTime: number;
  /**
   * Milliseconds left before the function's timeout (Lambda's context): a route that works through
   * many items in chunks (#34's approvals of 5,000 images) stops in time and says what is left.
   */
  remainingMs: () => number;
}

/** A route implementation returns plain data matching the route's response schema. */
export type RouteImpl<N extends RouteName> = (input: RouteInput<N>) => Promise<RouteResponse<N>>;

/** One group's routes, as its module in `shared/src/routes/` declares them. */
export type GroupTable = Readonly<Record<string, RouteDefinition>>;

/** An implementation for every route of a group's table. */
export type GroupImpls<T extends GroupTable> = { [N in keyof T & RouteName]: RouteImpl<N> };

interface RequestState {
  requestId: string;
  log: Logger;
  startedAt: number;
  coldStart: boolean;
  caller: Caller | null;
  input?: { params: unknown; query: unknown; body: unknown };
}
type StatefulContext = Context & { state?: RequestState };

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8' };

/**
 * Builds the Lambda handler of one route group: the middleware chain in middy's order (the trace,
 * the metrics and the request's logger first, the error envelope next so it sees every failure,
 * then the check that the request came through the CDN), then the router, then per route the
 * access check, the input validation and the route itself. Logs, metrics and traces are
 * Powertools' (observability.ts).
 */
export function createGroupHandler<T extends GroupTable>(table: T, impls: GroupImpls<T>) {
  const entries = Object.keys(table) as (keyof T & RouteName)[];
  const groups = [...new Set(entries.map((name) => table[name]!.group))];
  if (groups.length !== 1) throw new Error(`a handler serves one route group, not ${groups.join(', ')}`);
  const group = groups[0]!;
  const missing = entries.filter((name) => !(name in impls));
  if (missing.length > 0) throw new Error(`group ${group} lacks routes ${missing.join(', ')}`);

  const router = httpRouterHandler<ApiEvent, ApiResult>({
    routes: entries.map((name) => {
      const definition = table[name]!;
      const impl = (impls as Record<string, RouteImpl<RouteName>>)[name]!;
      return {
        method: definition.method,
        path: '/' + definition.path,
        handler: routeHandler(name, definition, impl),
      };
    }),
    notFoundResponse: () => {
      throw new NotFoundError('No such API route.');
    },
  });

  const metrics = requestMetrics();
  return (
    middy<ApiEvent, ApiResult, Error, StatefulContext>()
      .use(tracingMiddleware())
      // Published after the request's logger has added them (middy runs `after` hooks last to first).
      .use(metrics ? [logMetrics(metrics)] : [])
      .use(requestLogging(group))
      .use(errorEnvelopeMiddleware())
      .use(originCheck())
      .handler(router as unknown as (event: ApiEvent, context: StatefulContext) => Promise<ApiResult>)
  );
}

function routeHandler(name: RouteName, definition: RouteDefinition, impl: RouteImpl<RouteName>) {
  return middy<ApiEvent, ApiResult, Error, StatefulContext>()
    .use(authorize(definition))
    .use(accountCheck(definition))
    .use(validateInput(definition))
    .use(takesIdempotencyKey(name, definition) ? [idempotentPost(name)] : [])
    .use(userWriteLimit(name, definition))
    .handler(async (event, context) => {
      const state = context.state!;
      const input = state.input!;
      const result = await impl({
        params: input.params,
        query: input.query,
        body: input.body,
        headers: routeHeaders(event.headers),
        rawBody: definition.rawBody ? rawBodyBytes(event) : Buffer.alloc(0),
        caller: state.caller,
        log: state.log,
        sourceIp: event.requestContext?.http?.sourceIp ?? '',
        requestTime: requestTimeOf(event),
        remainingMs: () =>
          typeof context.getRemainingTimeInMillis === 'function'
            ? context.getRemainingTimeInMillis()
            : Number.POSITIVE_INFINITY,
      } as RouteInput<RouteName>);
      // Parsing the answer strips whatever the schema does not name, so storage fields never leak.
      const body = definition.response.parse(result);
      // A read sent with a token (the staff console reading what it just changed) is never kept:
      // the CDN keys on Authorization anyway, and staff must see their own writes at once.
      const withToken = Boolean(event.headers?.authorization ?? event.headers?.Authorization);
      return {
        statusCode: definition.successStatus ?? 200,
        headers: {
          ...jsonHeaders,
          // The CDN keeps public reads for `cacheSeconds`; browsers revalidate each time, so a
          // change made in the staff console shows as soon as the CDN copy expires.
          'cache-control':
            definition.cacheSeconds && !withToken
              ? `public, max-age=0, s-maxage=${definition.cacheSeconds}`
              : 'no-store',
        },
        body: JSON.stringify(body),
      };
    });
}

function requestLogging(group: RouteGroup): middy.MiddlewareObj<ApiEvent, ApiResult, Error, StatefulContext> {
  return {
    before: (request) => {
      const requestId = request.event.requestContext?.requestId || request.context.awsRequestId;
      const coldStart = isColdStart();
      const log = invocationLogger({ requestId, group, route: request.event.routeKey }, request.context);
      request.context.state = { requestId, startedAt: Date.now(), coldStart, caller: null, log };
      log.debug('request', { method: request.event.requestContext?.http?.method, path: request.event.rawPath });
    },
    after: (request) => done(group, request.context, request.response?.statusCode),
    onError: (request) => done(group, request.context, request.response?.statusCode),
  };
}

/**
 * The request's closing log line and its metrics: `Requests`, `ClientErrors` (4xx),
 * `ServerErrors` (5xx), `Latency` (ms) and `ColdStarts` under `service=api`, and `ServerErrors`
 * under `service=api,group` too, so a 5xx names its group (the handlers turn every failure into
 * an enveloped 500, which Lambda's own Errors metric never counts).
 */
function done(group: RouteGroup, context: StatefulContext, answered: number | undefined) {
  const state = context.state;
  if (!state) return;
  const status = answered ?? 500;
  const durationMs = Date.now() - state.startedAt;
  state.log.info('request done', { status, durationMs });
  const metrics = requestMetrics();
  if (!metrics) return;
  metrics.addMetric('Requests', MetricUnit.Count, 1);
  metrics.addMetric('ClientErrors', MetricUnit.Count, status >= 400 && status < 500 ? 1 : 0);
  metrics.addMetric('ServerErrors', MetricUnit.Count, status >= 500 ? 1 : 0);
  metrics.addMetric('Latency', MetricUnit.Milliseconds, durationMs);
  metrics.addMetric('ColdStarts', MetricUnit.Count, state.coldStart ? 1 : 0);
  // Not dimensions: kept in the line, so Logs Insights can find the request behind a data point.
  metrics.addMetadata('requestId', state.requestId);
  metrics.addMetadata('status', String(status));
  if (status >= 500) {
    const perGroup = metrics.singleMetric();
    perGroup.addDimension('group', group);
    perGroup.addMetric('ServerErrors', MetricUnit.Count, 1);
  }
}

/**
 * Refuses (403) a request that did not come through the CDN: see origin-guard.ts. First after the
 * error envelope, so nothing else runs for such a request and the refusal is in the envelope.
 */
function originCheck(): middy.MiddlewareObj<ApiEvent, ApiResult, Error, StatefulContext> {
  return {
    before: async (request) => {
      const log = request.context.state?.log;
      const value = lowerCaseHeaders(request.event.headers)[originHeaderName];
      if (await originGuard().accepts(value, log)) return;
      log?.warn('refused a request that did not come through the CDN', { originHeader: value ? 'unknown' : 'missing' });
      throw new ForbiddenError('This API answers only requests made through the site.');
    },
  };
}

function authorize(definition: RouteDefinition): middy.MiddlewareObj<ApiEvent, ApiResult, Error, StatefulContext> {
  return {
    before: async (request) => {
      const state = request.context.state!;
      state.caller = callerFromEvent(request.event);
      // From here on every log line of the request names who made it (the logger is the request's own).
      if (state.caller) state.log.appendPersistentKeys({ userId: state.caller.userId });
      if (definition.access === 'public') return;
      // The gateway's JWT authorizer already refused missing or bad tokens; this guards a
      // route deployed without one.
      if (!state.caller) throw new UnauthorizedError();
      if (!isAllowed(definition.access, state.caller.principal)) throw new ForbiddenError();
      if (state.caller.apiKey) await apiKeyRules(definition, state.caller.apiKey, state.caller.userId, request.event);
    },
  };
}

function validateInput(definition: RouteDefinition): middy.MiddlewareObj<ApiEvent, ApiResult, Error, StatefulContext> {
  return {
    before: (request) => {
      const { event } = request;
      const issues: ValidationIssue[] = [];
      const params = parsePart('params', definition.params, event.pathParameters ?? {}, issues);
      const query = parsePart('query', definition.query, event.queryStringParameters ?? {}, issues);
      let body: unknown;
      const raw = rawBody(event);
      if (definition.body) {
        body = parsePart('body', definition.body, parseJsonBody(event, raw), issues);
      } else if (raw.length > 0 && !definition.rawBody) {
        throw new BadRequestError('This route takes no request body.');
      }
      if (issues.length > 0) throw new BadRequestError('The request is not valid.', issues);
      request.context.state!.input = { params, query, body };
    },
  };
}

function parsePart(where: string, schema: z.ZodMiniType, value: unknown, issues: ValidationIssue[]): unknown {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const path = [where, ...issue.path.map(String)].join('.');
    issues.push({ path, message: issue.message });
  }
  return undefined;
}

/** The request's headers as a route sees them: without the CDN's origin header. */
function routeHeaders(headers: ApiEvent['headers'] | undefined): Record<string, string> {
  const { [originHeaderName]: _origin, ...rest } = lowerCaseHeaders(headers);
  return rest;
}

function lowerCaseHeaders(headers: ApiEvent['headers'] | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value !== undefined) result[name.toLowerCase()] = value;
  }
  return result;
}

function rawBody(event: ApiEvent): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/** The bytes the caller sent: API Gateway hands text bodies as UTF-8 text, others as base64. */
function rawBodyBytes(event: ApiEvent): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
}

function parseJsonBody(event: ApiEvent, raw: string): unknown {
  const type = event.headers?.['content-type'] ?? '';
  if (raw.length === 0) throw new BadRequestError('A JSON request body is required.');
  if (!/^application\/json\b/i.test(type)) throw new UnsupportedMediaTypeError();
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new BadRequestError('The request body is not valid JSON.');
  }
}

function errorEnvelopeMiddleware(): middy.MiddlewareObj<ApiEvent, ApiResult, Error, StatefulContext> {
  return {
    onError: (request) => {
      const error = asHttpError(request.error, request.context);
      const envelope = toEnvelope(error, request.context);
      request.response = {
        statusCode: envelope.statusCode,
        headers: {
          ...jsonHeaders,
          'cache-control': 'no-store',
          ...(error instanceof HttpError && error.retryAfterSeconds
            ? { 'retry-after': String(error.retryAfterSeconds) }
            : {}),
        },
        body: JSON.stringify(envelope),
      };
    },
  };
}

/**
 * A dependency that timed out, refused the connection, throttled or failed (the table, Cognito,
 * S3) becomes a 503 with Retry-After: nothing was decided, the caller tries again shortly. Logged
 * as a warning: the alarm on 5xx counts these, the log says which dependency.
 */
function asHttpError(error: unknown, context: StatefulContext): unknown {
  if (error instanceof HttpError || !isUnavailable(error)) return error;
  context.state?.log.warn('dependency unavailable', {
    errorName: error instanceof Error ? error.name : 'Unknown',
    code: String((error as { code?: unknown }).code ?? ''),
    error: error instanceof Error ? error.message : String(error),
  });
  return new ServiceUnavailableError();
}

function toEnvelope(error: unknown, context: StatefulContext): ErrorEnvelope {
  if (error instanceof HttpError) {
    return errorEnvelope(error.code, error.message, error.issues ? { issues: error.issues } : error.details);
  }
  const name = error instanceof Error ? error.name : 'Unknown';
  // A write refused by its condition, or a transaction cancelled by another writer, that no
  // route turned into a more precise answer: the item changed meanwhile.
  if (isConditionFailed(error) || isTransactionCancelled(error)) {
    const conflict = new ConflictError();
    return errorEnvelope(conflict.code, conflict.message);
  }
  const requestId = context.state?.requestId ?? context.awsRequestId;
  context.state?.log.error('unhandled error', {
    errorName: name,
    error: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  });
  return errorEnvelope(
    'INTERNAL',
    `Something went wrong on our side. Please try again; if it keeps failing, quote request ${requestId}.`,
  );
}
