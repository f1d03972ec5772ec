/**
 * Code e-mails on request (`resend-code`, `forgot-password`) are limited per source address, per
 * account and address, and per account across addresses it has not proved itself from (#19, #32),
 * with the production limits, on a stack of its own: the stack suite's tests all come from one
 * address and raise the per-address limits. Requests come from loopback addresses of their own
 * (see ../request-from.ts). The limits count in fixed windows aligned to the clock; each test
 * starts at the beginning of a window by moving the local stack's clock (scripts/local/clock.ts).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@studio/shared/errors';
import { codeRequestLimits } from '../../src/lib/limits.ts';
import { ownLoopback } from '../request-from.ts';
import { startOwnStack, type OwnStack } from './own-stack.ts';

let own: OwnStack;

beforeAll(async () => {
  own = await startOwnStack({ persist: false });
}, 120_000);

afterAll(async () => {
  await own?.stop();
});

const email = () => `someone-${randomBytes(5).toString('hex')}@example.test`;

const post = (address: string, path: string, body: unknown) =>
  own.callFrom(address, path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

/** Moves the stack's clock to the start of the next window of the limits (15 minutes from the epoch). */
function atWindowStart(): void {
  const windowMs = codeRequestLimits.forgotPassword.address.windowSeconds * 1000;
  own.stack.clock.advanceTo(Math.ceil(own.stack.clock.now() / windowMs) * windowMs + 1000);
}

describe.each([
  ['/api/users/resend-code', codeRequestLimits.resendCode],
  ['/api/users/forgot-password', codeRequestLimits.forgotPassword],
] as const)('POST %s', (path, limits) => {
  it('answers the per-address limit from one address, then 429 with Retry-After; another address goes on', async () => {
    atWindowStart();
    const address = ownLoopback();
    for (let i = 0; i < limits.address.limit; i++) {
      const answer = await post(address, path, { email: email() });
      expect(answer.status, answer.text).toBe(200);
    }
    const refused = await post(address, path, { email: email() });
    expect(refused.status, refused.text).toBe(429);
    expect(errorEnvelopeSchema.parse(refused.json).error).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(ownLoopback(), path, { email: email() })).status).toBe(200);
  });

  it('one address asking for one account is held back at its own limit; the owner elsewhere is not', async () => {
    atWindowStart();
    const account = email();
    const attacker = ownLoopback();
    for (let i = 0; i < limits.accountAddress.limit; i++) {
      expect((await post(attacker, path, { email: account })).status).toBe(200);
    }
    const refused = await post(attacker, path, { email: account });
    expect(refused.status, refused.text).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(ownLoopback(), path, { email: account })).status).toBe(200);
  });

  it('across addresses, one account is asked for at most its cap; the next window goes on', async () => {
    atWindowStart();
    const account = email();
    for (let i = 0; i < limits.account.limit; i++) {
      expect((await post(ownLoopback(), path, { email: account })).status).toBe(200);
    }
    const refused = await post(ownLoopback(), path, { email: account });
    expect(refused.status, refused.text).toBe(429);
    own.stack.clock.advance(Number(refused.headers['retry-after']) * 1000);
    expect((await post(ownLoopback(), path, { email: account })).status).toBe(200);
  });
});
