import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Whether the visitor asks for reduced motion right now (for a one-off choice, e.g. a scroll). */
export const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;

/** True while the visitor asks for reduced motion; carousels then do not autoplay. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
