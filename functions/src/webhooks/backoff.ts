import { webhookRetryHours } from '@studio/shared/webhooks';

/*
 * When a failed delivery is tried again (#36): after 1 min, 5 min, 15 min, 30 min, 1 h, 2 h, 4 h,
 * then every 8 h, for as long as the next try falls within 24 h of the first one. With this
 * schedule that is 10 tries: the last at 23 h 51 min.
 */

export const retryDelaysMs: readonly number[] = [1, 5, 15, 30, 60, 120, 240, 480].map((minutes) => minutes * 60_000);

/** How long after the first try an event is given up on. */
export const retryWindowMs = webhookRetryHours * 3_600_000;

/**
 * When try `attempt + 1` is due after try `attempt` (1 for the first) failed at `now`, or null
 * when it would fall past the retry window that started at `firstAt` (epoch ms): give up then.
 */
export function nextAttemptAt(attempt: number, firstAt: number, now: number): number | null {
  const delay = retryDelaysMs[Math.min(attempt, retryDelaysMs.length) - 1] ?? retryDelaysMs.at(-1)!;
  const next = now + delay;
  return next > firstAt + retryWindowMs ? null : next;
}
