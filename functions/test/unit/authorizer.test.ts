/**
 * The authorizer's decision for a Cognito token (functions/src/authorizer/decide.ts): its claims,
 * flattened as API Gateway passes them, or no caller. The API-key half reads the table and is
 * tested through the local gateway (functions/test/integration/api-keys.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { bearerToken, decide } from '../../src/authorizer/decide.ts';
import { handler } from '../../src/authorizer/handler.ts';

describe('the authorizer', () => {
  it('answers a verified token’s claims as strings, arrays as API Gateway writes them', async () => {
    const context = await decide('header.payload.signature', async () => ({
      sub: 'u1',
      'cognito:groups': ['EDITOR', 'MANAGER'],
      auth_time: 1_700_000_000,
      client_id: 'site',
    }));
    expect(context).toEqual({
      sub: 'u1',
      'cognito:groups': '[EDITOR MANAGER]',
      auth_time: '1700000000',
      client_id: 'site',
    });
  });

  it('gives no caller for a token the verifier refuses', async () => {
    const refused = await decide('header.payload.signature', async () => {
      throw new Error('expired');
    });
    expect(refused).toBeNull();
  });

  it('reads only a Bearer header', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('bearer rsk_live_x')).toBe('rsk_live_x');
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });

  it('refuses a request without a token before reading anything', async () => {
    const answer = await handler({ headers: {} } as never);
    expect(answer).toEqual({ isAuthorized: false, context: {} });
  });
});
