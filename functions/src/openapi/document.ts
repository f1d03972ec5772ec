import { errorEnvelopeSchema } from '@studio/shared/errors';
import { idempotencyKeySchema } from '@studio/shared/job';
import { routeList, takesIdempotencyKey, type RouteDefinition, type RouteName } from '@studio/shared/routes';
import { apiKeyRequestsPerMinute } from '@studio/shared/api-keys';
import * as z from 'zod/mini';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';

/*
 * The API's OpenAPI 3.1 document (#36), generated from the route table: the one declaration of every
 * route (method, path, access, zod schemas of its params, query, body and answer) is also its
 * documentation. zod-openapi turns the schemas into JSON Schema (the request's as input, the
 * answer's as output). Only what a client may call is in it: the public routes and the routes a
 * signed-in client may call. Staff routes (the staff sign-in among them) and the payment provider's
 * webhook are left out.
 */

/** The API's version in the document: the date of its last change that a client could notice. */
export const openApiVersion = '2026-11-28';

/** A route as the document needs it: its name and its definition. */
export type DocumentedRoute = RouteDefinition & { name: RouteName };

/** Whether a client's program may call the route: public, or open to a signed-in client. */
export function isClientRoute(route: RouteDefinition): boolean {
  // The payment provider's webhook, and the staff console's own group (its sign-in is public).
  if (route.rawBody || route.group === 'admin') return false;
  return route.access === 'public' || route.access.includes('CLIENT');
}

// A copy of the envelope's schema carries the document's name for it (zod/mini: metadata by registry).
const errorSchema = errorEnvelopeSchema.clone();
z.globalRegistry.add(errorSchema, {
  id: 'Error',
  description:
    'The one shape of every failure, whatever the route or the cause. `error` is a machine-readable code ' +
    '(VALIDATION_FAILED, UNAUTHORIZED, NOT_FOUND, CONFLICT, TOO_MANY_REQUESTS, ...); `details.issues` lists ' +
    'the fields at fault, each with the path it came from (`body.email`, `query.limit`).',
  example: {
    statusCode: 400,
    error: 'VALIDATION_FAILED',
    message: 'Check the fields marked.',
    details: { issues: [{ path: 'body.numberOfPhotos', message: 'must be at least 1' }] },
  },
});

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorSchema } },
});

const retryAfter = {
  'Retry-After': {
    description: 'Seconds to wait before sending the request again.',
    schema: { type: 'integer', minimum: 1 },
  },
} as const;

const description = `The API a client's own systems call: the studio's catalogue and prices, orders, uploads,
payments, the images of a job and their review. Every path below is the one the studio's own site calls.

**Authentication.** Routes marked with a lock take \`Authorization: Bearer <token>\`: the token of a
client's sign-in (Cognito), or an organisation's API key (\`rsk_live_...\`), made by one of its owners in
the portal ("API and webhooks"). A key acts for its organisation only, as the owner who made it, and
reaches only the routes whose description names a key scope, when it has that scope
(\`jobs:read\`, \`jobs:write\`, \`images:write\`, \`webhooks:manage\`). A route answers 401 without a
token or with a revoked key (within a minute of its revocation) and 403 for one that may not call it.
A key makes at most ${apiKeyRequestsPerMinute} requests a minute; past that, 429 with \`Retry-After\`.

**Errors.** Every failure is the \`Error\` object below, with the HTTP status in \`statusCode\`.
A 400 lists the fields at fault in \`details.issues\`. 429 and 503 carry \`Retry-After\`.

**Pages.** A list that may be long answers a page and \`nextCursor\`: send it back as \`cursor\` for the
next page; \`null\` means there is none. \`limit\` sets the page's size within the route's bounds.

**Idempotency.** Every POST a key may call takes an \`Idempotency-Key\` header (1 to 200 visible ASCII
characters, kept 24 hours per caller and route): a repeat with the same key and body answers what the
first request answered rather than doing it again; the same key with another body is refused (409),
as is a repeat while the first is still running (409, try again shortly). A request that failed did
nothing, so its repeat is tried afresh.`;

/** "List services" from `listServices`: the operation's summary. */
function summaryOf(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function operationOf(route: DocumentedRoute): ZodOpenApiOperationObject {
  const isPublic = route.access === 'public';
  const success = String(route.successStatus ?? 200);
  const idempotent = route.name === 'createJob' || takesIdempotencyKey(route.name, route);
  const headers = idempotent ? z.object({ 'Idempotency-Key': z.optional(idempotencyKeySchema) }) : undefined;
  const responses: ZodOpenApiOperationObject['responses'] = {
    [success]: {
      description: success === '201' ? 'Created.' : 'OK.',
      content: { 'application/json': { schema: route.response } },
    },
    '400': errorResponse('A parameter, the query or the body is not valid: `details.issues` says which.'),
    '429': { ...errorResponse('Too many requests.'), headers: retryAfter },
    '503': { ...errorResponse('A service behind the API is slow or down: nothing was changed.'), headers: retryAfter },
  };
  if (!isPublic) {
    responses['401'] = errorResponse('No token, or a token that expired.');
    responses['403'] = errorResponse('The token may not call this route.');
  }
  if (route.path.includes('{')) responses['404'] = errorResponse('No such item, or not one the caller may see.');
  if (route.method !== 'GET') responses['409'] = errorResponse('The item changed or is in a state that refuses this.');
  return {
    operationId: route.name,
    summary: summaryOf(route.name),
    tags: [route.group],
    ...(isPublic ? { security: [] } : {}),
    ...(route.apiKey
      ? {
          description: `An API key needs the scope \`${route.apiKey}\`.`,
          security: [{ bearerAuth: [] }, { apiKey: [] }],
          'x-api-key-scope': route.apiKey,
        }
      : {}),
    requestParams: { path: route.params, query: route.query, ...(headers ? { header: headers } : {}) },
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } } : {}),
    responses,
  } as ZodOpenApiOperationObject;
}

/** The document of `routes` (by default the whole table's client routes), served at `serverUrl`. */
export function openApiDocument(
  { serverUrl, version = openApiVersion }: { serverUrl?: string; version?: string } = {},
  routes: readonly DocumentedRoute[] = routeList,
): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    if (!isClientRoute(route)) continue;
    const path = `/${route.path}`;
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return createDocument({
    openapi: '3.1.0',
    info: { title: 'Retouch Studio API', version, description },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A client's sign-in token." },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'rsk_live_...',
          description:
            "An organisation's API key, sent as a bearer token; the route's description names the scope it needs.",
        },
      },
    },
    paths,
  });
}
