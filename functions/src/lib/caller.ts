import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { staffRoles } from '@studio/shared/platform';
import type { Principal } from '@studio/shared/access';
import { apiKeyScopes, type ApiKeyScope } from '@studio/shared/api-keys';

/** Who made a request, as proved by the token the API gateway verified. */
export interface Caller {
  /** The Cognito `sub`: the stable user id. */
  userId: string;
  principal: Principal;
  /** The app client the token was issued to (`client_id` of an access token, `aud` of an ID token). */
  clientId?: string;
  /** When the user authenticated (epoch seconds): tokens from before a revocation are refused. */
  authTime?: number;
  /** The token's own id (`jti`): a staff token counts only if the staff sign-in recorded it. */
  tokenId?: string;
  /**
   * Set when the request carries an organisation's API key (#36) rather than a person's token: the
   * key acts as the OWNER who made it (`userId`), within its organisation only, with its scopes.
   */
  apiKey?: { id: string; organisationId: string; scopes: readonly ApiKeyScope[] };
}

/**
 * What the API gateway's authorizer attached to the request: the claims of a Cognito token, under
 * `jwt.claims` from a JWT authorizer or as the context of the Lambda authorizer that also takes API
 * keys (functions/src/authorizer), which passes the same claim names and, for a key,
 * `apiKeyId`, `organisationId` and `scopes` (space-separated).
 */
function authorizerClaims(event: APIGatewayProxyEventV2WithJWTAuthorizer): Record<string, unknown> | undefined {
  const authorizer = event.requestContext.authorizer as
    { jwt?: { claims?: Record<string, unknown> }; lambda?: Record<string, unknown> } | undefined;
  return authorizer?.jwt?.claims ?? authorizer?.lambda;
}

/**
 * Reads the caller from the claims the authorizer attached. API Gateway HTTP APIs flatten array
 * claims into a string such as `[SUPER_ADMIN MANAGER]`, so both forms are accepted. A staff
 * member belonging to several groups acts with the strongest one. An API key is always a client.
 */
export function callerFromEvent(event: APIGatewayProxyEventV2WithJWTAuthorizer): Caller | null {
  const claims = authorizerClaims(event);
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub.length === 0) return null;
  const apiKey = apiKeyOf(claims!);
  if (apiKey === 'invalid') return null;
  if (apiKey) return { userId: sub, principal: 'CLIENT', apiKey };
  const groups = parseGroups(claims?.['cognito:groups']);
  const principal = staffRoles.find((role) => groups.includes(role)) ?? 'CLIENT';
  const clientId = claims?.client_id ?? claims?.aud;
  const authTime = Number(claims?.auth_time ?? claims?.iat);
  const tokenId = claims?.jti;
  return {
    userId: sub,
    principal,
    ...(typeof clientId === 'string' && clientId ? { clientId } : {}),
    ...(Number.isFinite(authTime) && authTime > 0 ? { authTime } : {}),
    ...(typeof tokenId === 'string' && tokenId ? { tokenId } : {}),
  };
}

/** The key of a request made with one, null for a person's token, 'invalid' for a half-made context. */
function apiKeyOf(claims: Record<string, unknown>): Caller['apiKey'] | null | 'invalid' {
  const { apiKeyId, organisationId, scopes } = claims;
  if (apiKeyId === undefined) return null;
  if (typeof apiKeyId !== 'string' || typeof organisationId !== 'string' || typeof scopes !== 'string')
    return 'invalid';
  const known = scopes
    .split(' ')
    .filter((scope): scope is ApiKeyScope => (apiKeyScopes as readonly string[]).includes(scope));
  return { id: apiKeyId, organisationId, scopes: known };
}

export function parseGroups(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value !== 'string') return [];
  const trimmed = value.trim();
  const inner = trimmed.startsWith('[') && trimmed.endsWith(']') ? trimmed.slice(1, -1) : trimmed;
  return inner.split(/[\s,]+/).filter(Boolean);
}
