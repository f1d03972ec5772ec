/**
 * The sign-in route when Cognito refuses, at once, the access token it has just issued (the
 * account disabled, deleted or signed out everywhere in that moment): a 401 that asks for a new
 * sign-in, not a 500. Cognito and the sign-in limits are replaced here; the route's own flow is
 * tested against the emulators in functions/test/integration/client-accounts.test.ts.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const cognito = vi.hoisted(() => ({ accountOfToken: vi.fn(), isStaffAccount: vi.fn(), passwordSignIn: vi.fn() }));
vi.mock('../../src/data/client-auth.ts', () => cognito);
vi.mock('../../src/lib/limits.ts', () => ({
  guardSignIn: vi.fn(async () => undefined),
  signInSucceeded: vi.fn(async () => undefined),
  requestOrigin: () => ({ address: '203.0.113.7', now: 0 }),
}));

const refusal = (name: string) => Object.assign(new Error('refused'), { name });

async function signIn() {
  const { signInRoute } = await import('../../src/users/sign-in.ts');
  const input = { body: { email: 'ana@example.test', password: 'long enough 1A' } };
  return signInRoute(input as unknown as Parameters<typeof signInRoute>[0]);
}

describe('sign-in when the fresh token is refused', () => {
  beforeEach(() => {
    cognito.passwordSignIn.mockResolvedValue({ token: 'fresh-access-token' });
    cognito.isStaffAccount.mockResolvedValue(false);
  });

  it.each(['NotAuthorizedException', 'UserNotFoundException'])('answers 401 to %s', async (name) => {
    cognito.accountOfToken.mockRejectedValue(refusal(name));
    await expect(signIn()).rejects.toMatchObject({
      name: 'UnauthorizedError',
      message: 'Your sign-in could not be completed. Please sign in again.',
    });
  });

  it('answers 429 when Cognito throttles, and lets any other failure through as it is', async () => {
    cognito.accountOfToken.mockRejectedValue(refusal('TooManyRequestsException'));
    await expect(signIn()).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const outage = refusal('InternalErrorException');
    cognito.accountOfToken.mockRejectedValue(outage);
    await expect(signIn()).rejects.toBe(outage);
  });

  it('signs in when the token is accepted', async () => {
    const user = { id: 'u-1', name: 'Ana', username: 'ana', email: 'ana@example.test', initials: 'A' };
    cognito.accountOfToken.mockResolvedValue({ cognitoUsername: 'u-1', user });
    await expect(signIn()).resolves.toEqual({ token: 'fresh-access-token', user });
  });
});
