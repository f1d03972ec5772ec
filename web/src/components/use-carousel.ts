import { useCallback, useEffect, useState } from 'react';
import { useReducedMotion } from '../lib/use-reduced-motion.ts';
import { wrapIndex } from './carousel-logic.ts';

export interface CarouselState {
  index: number;
  /** The visitor pressed pause (or reduced motion is on): no autoplay. */
  paused: boolean;
  /** Autoplay is actually running now. */
  playing: boolean;
  reducedMotion: boolean;
  goTo: (index: number) => void;
  next: () => void;
  previous: () => void;
  togglePaused: () => void;
  /** Hover or keyboard focus inside the carousel holds it still (WCAG 2.2.2). */
  setHeld: (held: boolean) => void;
}

/**
 * Index and autoplay of a cyclic carousel: advances every `intervalMs`, restarting the timer after
 * any manual move; stops while paused, held (hover/focus) or when reduced motion is preferred.
 */
export function useCarousel(count: number, intervalMs: number): CarouselState {
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const paused = userPaused || reducedMotion;
  const playing = !paused && !held && count > 1;

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => setIndex((current) => wrapIndex(current, 1, count)), intervalMs);
    return () => window.clearInterval(timer);
  }, [playing, count, intervalMs, index]);

  const safeIndex = count > 0 ? Math.min(index, count - 1) : 0;
  return {
    index: safeIndex,
    paused,
    playing,
    reducedMotion,
    goTo: useCallback((target: number) => setIndex(wrapIndex(target, 0, count)), [count]),
    next: useCallback(() => setIndex((current) => wrapIndex(current, 1, count)), [count]),
    previous: useCallback(() => setIndex((current) => wrapIndex(current, -1, count)), [count]),
    togglePaused: useCallback(() => setUserPaused((value) => !value), []),
    setHeld,
  };
}
