import { anonymousPostLimit } from '@studio/shared/anonymous-limit';

/**
 * Per-client rate limit of the local gateway, the local stand-in for the WAF rate-based rule in
 * front of the deployed API (shared/src/anonymous-limit.ts): at most `limit` requests per
 * `windowMs` per key (the client's address), counted over a sliding window so a burst at a
 * window's edge cannot double the allowance.
 */

export interface RateLimitOptions {
  /** Requests allowed per window and key. */
  limit: number;
  windowMs: number;
}

/** `npm start`: the WAF's allowance of anonymous posts per address. */
export const defaultRateLimit: RateLimitOptions = {
  limit: anonymousPostLimit.requests,
  windowMs: anonymousPostLimit.windowSeconds * 1000,
};

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function createRateLimiter(options: RateLimitOptions, clock: () => number = Date.now) {
  const hits = new Map<string, number[]>();
  let lastSweep = clock();

  /** Drops keys whose every hit is older than the window, so memory tracks active clients only. */
  function sweep(now: number) {
    if (now - lastSweep < options.windowMs) return;
    lastSweep = now;
    for (const [key, times] of hits) {
      if (times[times.length - 1]! <= now - options.windowMs) hits.delete(key);
    }
  }

  return {
    /** Records a request for `key` when it is allowed; a refused request is not counted. */
    check(key: string): RateDecision {
      const now = clock();
      sweep(now);
      const recent = (hits.get(key) ?? []).filter((t) => t > now - options.windowMs);
      if (recent.length >= options.limit) {
        hits.set(key, recent);
        const retryAfterMs = recent[0]! + options.windowMs - now;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
      }
      recent.push(now);
      hits.set(key, recent);
      return { allowed: true };
    },
  };
}
