/** Spec §9: counters animate over 2 s, updating every 50 ms. */
export const counterDurationMs = 2000;
export const counterTickMs = 50;

/** The value shown `elapsedMs` into the animation towards `target` (linear, whole numbers). */
export function counterValue(target: number, elapsedMs: number, durationMs = counterDurationMs): number {
  if (elapsedMs >= durationMs) return target;
  return Math.floor((target * Math.max(0, elapsedMs)) / durationMs);
}
