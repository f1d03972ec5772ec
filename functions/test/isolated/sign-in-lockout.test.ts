/**
 * Brute force held back without locking the owner out (#32, docs/access.md "Sign-in lockout"),
 * with the production limits, on a stack of its own. Requests come from loopback addresses of
 * their own (../request-from.ts), so a test is an attacker at one address and the owner at
 * another. Time is the local stack's clock (scripts/local/clock.ts), moved forward instead of
 * waiting for a lock or a window to end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@studio/shared/errors';
import { listServicesResponseSchema } from '@studio/shared/service';
import { signInAccountCap } from '../../src/lib/limits.ts';
import { ownLoopback } from '../request-from.ts';
import { jsonInit, startOwnStack, type OwnStack } from './own-stack.ts';

let own: OwnStack;

beforeAll(async () => {
  own = await startOwnStack({ persist: false });
}, 120_000);

afterAll(async () => {
  await own?.stop();
});

const json = (body: unknown) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});

const signInFrom = (address: string, { email, password }: { email: string; password: string }) =>
  own.callFrom(address, '/api/users/signin', json({ email, password }));

const retryAfter = (answer: { headers: Record<string, string | string[] | undefined> }) =>
  Number(answer.headers['retry-after']);

function expectTooMany(answer: { status: number; text: string; json: unknown }) {
  expect(answer.status, answer.text).toBe(429);
  expect(errorEnvelopeSchema.parse(answer.json).error).toBe('TOO_MANY_REQUESTS');
}

describe('sign-in lockout, per account and address', () => {
  it("an attacker's failures lock the attacker's address, never the owner's", async () => {
    const account = await own.newClient();
    const attacker = ownLoopback();
    const owner = ownLoopback();
    for (let i = 0; i < 5; i++) {
      const wrong = await signInFrom(attacker, { email: account.email, password: `${account.password}x` });
      expect(wrong.status, wrong.text).toBe(401);
    }
    // The sixth attempt from that address is locked before it is tried, even with the right password.
    const locked = await signInFrom(attacker, account);
    expectTooMany(locked);
    expect(retryAfter(locked)).toBe(15);
    // The owner, elsewhere, is not held back.
    const ownerIn = await signInFrom(owner, account);
    expect(ownerIn.status, ownerIn.text).toBe(200);

    // The lock ends with its time; the next failure locks the attacker twice as long.
    own.stack.clock.advance(15_000);
    expect((await signInFrom(attacker, { email: account.email, password: 'Wrong-1-pass' })).status).toBe(401);
    const again = await signInFrom(attacker, { email: account.email, password: 'Wrong-1-pass' });
    expectTooMany(again);
    expect(retryAfter(again)).toBe(30);
  });

  it('one more failure whenever the lock ends (the 9-request attack) keeps the owner out at no point', async () => {
    const account = await own.newClient();
    const attacker = ownLoopback();
    const owner = ownLoopback();
    const wrong = { email: account.email, password: 'Wrong-1-pass' };
    for (let i = 0; i < 5; i++) await signInFrom(attacker, wrong);
    for (let round = 0; round < 4; round++) {
      const refused = await signInFrom(attacker, wrong);
      expectTooMany(refused);
      const ownerIn = await signInFrom(owner, account);
      expect(ownerIn.status, `round ${round}: ${ownerIn.text}`).toBe(200);
      own.stack.clock.advance(retryAfter(refused) * 1000);
      expect((await signInFrom(attacker, wrong)).status).toBe(401);
    }
  });

  it('the staff sign-in locks an unknown e-mail like a real one, per address', async () => {
    const email = `nobody-${ownLoopback().replace(/\./g, '-')}@example.test`;
    const address = ownLoopback();
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        (await own.callFrom(address, '/api/admin/signin', json({ email, password: 'Wrong-1-pass' }))).status,
      );
    }
    // The lock tells nobody which accounts exist.
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    expect(
      (await own.callFrom(ownLoopback(), '/api/admin/signin', json({ email, password: 'Wrong-1-pass' }))).status,
    ).toBe(401);
  });
});

describe("the account's cap across addresses", () => {
  it('holds back guesses spread over many addresses; the owner gets in from a known address, or with the e-mailed code', async () => {
    const account = await own.newClient();
    const home = ownLoopback();
    expect((await signInFrom(home, account)).status).toBe(200);

    // Four guesses from each of several addresses, so that no address is locked, up to the cap
    // (the owner's first sign-in above, from an address new then, counted too).
    let attacker = ownLoopback();
    for (let guess = 1; guess < signInAccountCap.limit; guess++) {
      if (guess % 4 === 0) attacker = ownLoopback();
      const answer = await signInFrom(attacker, { email: account.email, password: `Guess-${guess}-x` });
      expect(answer.status, answer.text).toBe(401);
    }
    const elsewhere = ownLoopback();
    const capped = await signInFrom(elsewhere, account);
    expectTooMany(capped);
    expect(errorEnvelopeSchema.parse(capped.json).message).toMatch(/Forgot password/);
    expect(retryAfter(capped)).toBeGreaterThan(0);

    // Where the owner signed in before, the cap does not apply.
    expect((await signInFrom(home, account)).status).toBe(200);

    // From a new address, the code e-mailed by "Forgot password?" lets the owner in at once.
    expect((await own.callFrom(elsewhere, '/api/users/forgot-password', json({ email: account.email }))).status).toBe(
      200,
    );
    const password = `${account.password}-new`;
    const reset = await own.callFrom(
      elsewhere,
      '/api/users/reset-password',
      json({ email: account.email, code: await own.latestCode(account.email), password }),
    );
    expect(reset.status, reset.text).toBe(200);
    const ownerIn = await signInFrom(elsewhere, { email: account.email, password });
    expect(ownerIn.status, ownerIn.text).toBe(200);
    // Other new addresses are still held by the cap until its hour ends.
    expectTooMany(await signInFrom(ownLoopback(), { email: account.email, password }));
    own.stack.clock.advance(retryAfter(capped) * 1000);
    expect((await signInFrom(ownLoopback(), { email: account.email, password })).status).toBe(200);
  });
});

describe('per-user write limits', () => {
  it('a client creates at most 10 jobs a minute; the 11th is refused with Retry-After, the next minute goes on', async () => {
    const account = await own.newClient();
    const signedIn = await own.call(
      '/api/users/signin',
      jsonInit('POST', { email: account.email, password: account.password }),
    );
    expect(signedIn.status, signedIn.text).toBe(200);
    const token = (signedIn.json as { token: string }).token;
    const services = listServicesResponseSchema.parse((await own.call('/api/services')).json).services;
    const service = services.find((s) => s.subServices.some((sub) => sub.prices.some((p) => p.currency === 'USD')))!;
    const sub = service.subServices.find((s) => s.prices.some((p) => p.currency === 'USD'))!;
    const order = {
      serviceId: service.id,
      selectedSubServices: [sub.id],
      currency: 'USD',
      linkType: 'own',
      dropboxLink: 'https://example.test/photos',
      numberOfPhotos: 1,
    };
    // All eleven in one minute window: start at the beginning of the next one.
    own.stack.clock.advanceTo(Math.ceil(own.stack.clock.now() / 60_000) * 60_000 + 1000);
    for (let i = 0; i < 10; i++) {
      const created = await own.call('/api/jobs', jsonInit('POST', order, token));
      expect(created.status, created.text).toBe(201);
    }
    const eleventh = await own.call('/api/jobs', jsonInit('POST', order, token));
    expect(eleventh.status, eleventh.text).toBe(429);
    expect(Number(eleventh.retryAfter)).toBeGreaterThan(0);
    expect(Number(eleventh.retryAfter)).toBeLessThanOrEqual(60);
    own.stack.clock.advance(Number(eleventh.retryAfter) * 1000);
    expect((await own.call('/api/jobs', jsonInit('POST', order, token))).status).toBe(201);
  });
});
