import { apiKeyPrefix } from '@studio/shared/api-keys';
import { findApiKey } from '../data/api-keys.ts';

/*
 * The API gateway's one decision for every route that is not public (#36): who the bearer token
 * says is calling. A Cognito token (of the site's or the staff's app client) gives its claims; an
 * organisation's API key (`rsk_live_...`) gives its maker, its organisation and its scopes. What the
 * request may then do is the handler's to decide (functions/src/lib/http.ts and api-key-rules.ts).
 * The Lambda authorizer on AWS (./handler.ts) and the local gateway (scripts/local/gateway.ts) both
 * call this, each with its own check of a Cognito token.
 */

/** The context handed to the route's function: string values only, as API Gateway passes them. */
export type AuthorizerContext = Record<string, string>;

/** Verifies a Cognito token and answers its claims, or throws. */
export type VerifyJwt = (token: string) => Promise<Record<string, unknown>>;

export function bearerToken(header: string | undefined): string | null {
  return /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? null;
}

/** The context of a valid token, or null (the gateway's 401). A key is never logged, valid or not. */
export async function decide(token: string, verifyJwt: VerifyJwt): Promise<AuthorizerContext | null> {
  if (token.startsWith(apiKeyPrefix)) {
    const grant = await findApiKey(token);
    if (!grant) return null;
    return {
      sub: grant.accountId,
      apiKeyId: grant.keyId,
      organisationId: grant.organisationId,
      scopes: grant.scopes.join(' '),
    };
  }
  try {
    return flattenClaims(await verifyJwt(token));
  } catch {
    return null;
  }
}

/** API Gateway hands claims to the function as strings, arrays as `[a b]`. */
export function flattenClaims(payload: Record<string, unknown>): AuthorizerContext {
  return Object.fromEntries(
    Object.entries(payload).map(([key, value]) => [
      key,
      Array.isArray(value) ? `[${value.join(' ')}]` : typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  );
}
