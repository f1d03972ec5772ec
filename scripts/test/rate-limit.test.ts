import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../local/rate-limit.ts';

describe('createRateLimiter', () => {
  it('allows `limit` requests per key in a sliding window, then says when to retry', () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ limit: 2, windowMs: 10_000 }, () => now);
    expect(limiter.check('a')).toEqual({ allowed: true });
    now += 4_000;
    expect(limiter.check('a')).toEqual({ allowed: true });
    expect(limiter.check('a')).toEqual({ allowed: false, retryAfterSeconds: 6 });
    expect(limiter.check('b')).toEqual({ allowed: true });
    now += 6_000;
    // The first request has left the window; the second is still in it.
    expect(limiter.check('a')).toEqual({ allowed: true });
    expect(limiter.check('a')).toEqual({ allowed: false, retryAfterSeconds: 4 });
  });

  it('does not count refused requests', () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000 }, () => now);
    limiter.check('a');
    for (let i = 0; i < 10; i++) {
      now += 50;
      expect(limiter.check('a').allowed).toBe(false);
    }
    now = 1_001;
    expect(limiter.check('a')).toEqual({ allowed: true });
  });
});
