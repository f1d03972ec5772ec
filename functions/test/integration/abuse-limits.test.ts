/**
 * Brute force and per-user limits (#19), through the gateway: an account is locked after 5 failed
 * sign-ins whatever address they come from, and released after its lock (the stack suite's lock
 * starts at 1 s instead of 15 s: `SIGN_IN_LOCK_BASE_SECONDS`); a client creates at most 10 jobs a
 * minute. Refusals are 429 in the envelope with Retry-After. The per-address limits of code
 * e-mails are tested on a stack of their own (isolated/address-limits.test.ts): every test here
 * comes from the same machine.
 */
import { AdminCreateUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { api, apiFrom, cognito, expectEnvelope, ownLoopback } from './support.ts';
import { newJob } from './staff-support.ts';
import { freshClient, jsonInit, strongPassword, uniqueEmail } from './test-clients.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function clientWithPassword(): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('locked');
  const password = strongPassword();
  const poolId = inject('userPoolId');
  await cognito().send(
    new AdminCreateUserCommand({
      UserPoolId: poolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await cognito().send(
    new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: email, Password: password, Permanent: true }),
  );
  return { email, password };
}

const signInFrom = (address: string, body: { email: string; password: string }) =>
  apiFrom(address, '/api/users/signin', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

function retryAfterOf(answer: { headers: Record<string, string | string[] | undefined> }): number {
  return Number(answer.headers['retry-after']);
}

describe('sign-in lockout', () => {
  it('locks an account after 5 failures from 5 addresses, even for the right password, and releases it', async () => {
    const account = await clientWithPassword();
    for (let i = 0; i < 5; i++) {
      const wrong = await signInFrom(ownLoopback(), { email: account.email, password: `${account.password}x` });
      expect(wrong.status, wrong.text).toBe(401);
    }
    // A sixth address with the right password: the account is locked, not the address.
    const locked = await signInFrom(ownLoopback(), account);
    expect(locked.status, locked.text).toBe(429);
    expect(expectEnvelope(locked.json, 429).error).toBe('TOO_MANY_REQUESTS');
    const wait = retryAfterOf(locked);
    expect(wait).toBeGreaterThanOrEqual(1);
    // Locked attempts are not tried: a wrong password meanwhile is refused the same way.
    expect((await signInFrom(ownLoopback(), { email: account.email, password: 'Wrong-1-pass' })).status).toBe(429);

    await sleep(wait * 1000 + 200);
    const released = await signInFrom(ownLoopback(), account);
    expect(released.status, released.text).toBe(200);
    // A success forgets the failures: the next wrong password is a plain 401 again.
    expect((await signInFrom(ownLoopback(), { email: account.email, password: 'Wrong-1-pass' })).status).toBe(401);
  });

  it('locks a staff account the same way on the staff sign-in', async () => {
    const email = inject('accounts')
      .find((a) => a.role === 'EDITOR')!
      .email.replace('@', '+nobody@');
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push((await api('/api/admin/signin', jsonInit('POST', { email, password: 'Wrong-1-pass' }))).status);
    }
    // An unknown e-mail is locked like a real one: the lock tells nobody which accounts exist.
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('per-user write limits', () => {
  it('a client creates at most 10 jobs a minute; the 11th is refused with Retry-After', async () => {
    const client = await freshClient();
    // Start inside a fresh minute window, so all 11 fall in the same one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await sleep(60_000 - intoMinute + 100);
    for (let i = 0; i < 10; i++) await newJob(client.token);
    const eleventh = await api(
      '/api/jobs',
      jsonInit(
        'POST',
        {
          serviceId: '01J00000000000000000000000',
          selectedSubServices: ['01J00000000000000000000000'],
          linkType: 'own',
          dropboxLink: 'https://example.test/photos',
          numberOfPhotos: 1,
        },
        client.token,
      ),
    );
    expect(eleventh.status, eleventh.text).toBe(429);
    expectEnvelope(eleventh.json, 429);
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is not held back by it.
    const other = await freshClient();
    await newJob(other.token);
  });
});
