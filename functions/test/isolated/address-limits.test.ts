/**
 * Code e-mails on request (`resend-code`, `forgot-password`) are limited per source address and per
 * account (#19), with the production limits (20 per address and 5 per account in 15 minutes), on a
 * stack of its own: the stack suite's tests all come from one address and raise those limits.
 * Requests come from loopback addresses of their own (see ../request-from.ts).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@studio/shared/errors';
import { codeRequestLimits } from '../../src/lib/limits.ts';
import { ownLoopback, requestFrom } from '../request-from.ts';
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
  requestFrom(address, own.stack.gateway.url + path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

/**
 * The limits count in fixed windows aligned to the clock (every 15 minutes from the epoch): a burst
 * that crosses a window's end is counted in two windows. A burst starts with 30 s of its window
 * left, or waits for the next one (the gateway runs on this machine's clock).
 */
async function clearOfWindowEdge(): Promise<void> {
  const windowMs = codeRequestLimits.forgotPassword.address.windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < 30_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

describe.each(['/api/users/resend-code', '/api/users/forgot-password'])('POST %s', (path) => {
  it('answers 20 requests from one address, then 429 with Retry-After; another address goes on', async () => {
    await clearOfWindowEdge();
    const address = ownLoopback();
    for (let i = 0; i < 20; i++) {
      const answer = await post(address, path, { email: email() });
      expect(answer.status, answer.text).toBe(200);
    }
    const refused = await post(address, path, { email: email() });
    expect(refused.status, refused.text).toBe(429);
    expect(errorEnvelopeSchema.parse(refused.json).error).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(ownLoopback(), path, { email: email() })).status).toBe(200);
  });

  it('answers 5 requests for one account from 5 addresses, then 429 from a sixth', async () => {
    await clearOfWindowEdge();
    const account = email();
    for (let i = 0; i < 5; i++) expect((await post(ownLoopback(), path, { email: account })).status).toBe(200);
    const refused = await post(ownLoopback(), path, { email: account });
    expect(refused.status, refused.text).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
