/**
 * The local stack's clock: the time its gateway stamps on each request (API Gateway's
 * `requestContext.timeEpoch`), which is what the handlers' abuse limits and account status cache
 * count with (functions/src/lib/request-time.ts). It follows this machine's clock; a test moves
 * it forward to see a lock end or a window close without waiting. It never goes back, as time
 * does not on AWS. Only the request time moves: the emulators, token lifetimes and everything
 * else keep the machine's clock.
 */
export interface StackClock {
  /** Now, epoch ms: the machine's clock plus what the clock was moved forward. */
  now(): number;
  /** Moves the clock `ms` forward. */
  advance(ms: number): void;
  /** Moves the clock forward to `epochMs` (no move when that is not ahead). */
  advanceTo(epochMs: number): void;
}

export function createStackClock(): StackClock {
  let offsetMs = 0;
  const now = () => Date.now() + offsetMs;
  return {
    now,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new Error(`the clock only moves forward, not by ${ms} ms`);
      offsetMs += ms;
    },
    advanceTo(epochMs) {
      const ahead = epochMs - now();
      if (ahead > 0) offsetMs += ahead;
    },
  };
}
