/**
 * The Cognito stand-in's rule for a global sign-out (scripts/local/cognito-scopes.ts): an access
 * token issued before the sign-out is refused by the self-service operations, one issued after it
 * is taken, even within the same second of the clock (`iat` has whole seconds only; the stand-in
 * stamps the milliseconds of issue on the tokens it makes).
 */
import { describe, expect, it } from 'vitest';
import { userPoolDefinition } from '@studio/shared/platform';
import {
  requiringSelfServiceScope,
  resigned,
  verifiedAccessToken,
  withPreTokenGeneration,
} from '../local/cognito-scopes.ts';

const unsigned = `${Buffer.from(JSON.stringify({ alg: 'RS256', kid: 'CognitoLocal' })).toString('base64url')}.e30.x`;

function accessToken(claims: Record<string, unknown>): string {
  return resigned(unsigned, () => ({
    token_use: 'access',
    sub: 'someone',
    client_id: 'site',
    scope: userPoolDefinition.selfServiceScope,
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...claims,
  }));
}

/** Whether GetUser-like operations take the token, with the user signed out everywhere at `out`. */
async function taken(token: string, out: number): Promise<boolean> {
  const operation = requiringSelfServiceScope(
    async () => 'done',
    async () => out,
  );
  return operation(undefined, { AccessToken: token }).then(
    () => true,
    (error: Error) => {
      expect(error.message).toBe('Access Token has been revoked');
      return false;
    },
  );
}

describe('a global sign-out in the Cognito stand-in', () => {
  const out = Date.UTC(2026, 10, 28, 12, 0, 0, 400);
  const second = Math.floor(out / 1000);

  it('takes a token issued after it within the same second, and refuses one issued before it', async () => {
    expect(await taken(accessToken({ iat: second, local_issued_at_ms: out + 150 }), out)).toBe(true);
    expect(await taken(accessToken({ iat: second, local_issued_at_ms: out - 150 }), out)).toBe(false);
    expect(await taken(accessToken({ iat: second - 5, local_issued_at_ms: out - 5000 }), out)).toBe(false);
  });

  it('counts a token without the stamp as issued at the start of its second', async () => {
    expect(await taken(accessToken({ iat: second }), out)).toBe(false);
    expect(await taken(accessToken({ iat: second + 1 }), out)).toBe(true);
  });

  it('stamps every access token it makes with the milliseconds of issue', async () => {
    const before = Date.now();
    const issue = withPreTokenGeneration(async () => ({
      AccessToken: accessToken({ iat: Math.floor(before / 1000) }),
      IdToken: 'id',
      RefreshToken: 'refresh',
    }));
    const tokens = await issue(
      undefined,
      { Username: 'someone' },
      [],
      { ClientId: 'site', UserPoolId: 'pool' },
      undefined,
      'Authentication',
    );
    const claims = verifiedAccessToken(tokens.AccessToken);
    expect(claims?.local_issued_at_ms).toBeGreaterThanOrEqual(before);
    expect(claims?.local_issued_at_ms).toBeLessThanOrEqual(Date.now());
    expect(claims?.scope).toBe(userPoolDefinition.selfServiceScope);
  });
});
