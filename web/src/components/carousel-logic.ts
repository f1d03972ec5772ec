/** Pure carousel arithmetic, shared by the hero, banner and lightbox (tested on its own). */

/** The index `step` slides away from `index`, wrapping around both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** Banner carousel: a drag or swipe changes slide only beyond this distance (spec §4, §9). */
export const swipeThreshold = 75;

/** -1 (previous), 1 (next) or 0 (stay) for a horizontal drag of `deltaX` pixels. */
export function swipeStep(deltaX: number, threshold = swipeThreshold): -1 | 0 | 1 {
  if (deltaX > threshold) return -1;
  if (deltaX < -threshold) return 1;
  return 0;
}
