import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { staffRoles } from '@studio/shared/platform';
import type { Principal } from '@studio/shared/access';
import type { ApiKeyScope } from '@studio/shared/api-keys';

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
 * Reads the caller from the claims the JWT authorizer attached. API Gateway HTTP APIs flatten
 * array claims into a string such as `[SUPER_ADMIN MANAGER]`, so both forms are accepted.
 * A staff member belonging to several groups acts with the strongest one.
 */
export function callerFromEvent(event: APIGatewayProxyEventV2WithJWTAuthorizer): Caller | null {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub.length === 0) return null;
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

export function parseGroups(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value !== 'string') return [];
  const trimmed = value.trim();
  const inner = trimmed.startsWith('[') && trimmed.endsWith(']') ? trimmed.slice(1, -1) : trimmed;
  return inner.split(/[\s,]+/).filter(Boolean);
}
