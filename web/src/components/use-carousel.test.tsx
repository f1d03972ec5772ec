import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCarousel } from './use-carousel.ts';
import { mockReducedMotion } from '../testing/reduced-motion.ts';

describe('useCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mockReducedMotion(false);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('advances every interval and wraps after the last slide', () => {
    const { result } = renderHook(() => useCarousel(7, 3000));
    expect(result.current.index).toBe(0);
    act(() => vi.advanceTimersByTime(2999));
    expect(result.current.index).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.index).toBe(1);
    act(() => vi.advanceTimersByTime(3000 * 6));
    expect(result.current.index).toBe(0);
  });

  it('stops while paused or held, and resumes after', () => {
    const { result } = renderHook(() => useCarousel(5, 5000));
    act(() => result.current.togglePaused());
    act(() => vi.advanceTimersByTime(20000));
    expect(result.current.index).toBe(0);
    expect(result.current.playing).toBe(false);
    act(() => result.current.togglePaused());
    act(() => result.current.setHeld(true));
    act(() => vi.advanceTimersByTime(20000));
    expect(result.current.index).toBe(0);
    act(() => result.current.setHeld(false));
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.index).toBe(1);
  });

  it('restarts the timer after a manual move and wraps previous from the first slide', () => {
    const { result } = renderHook(() => useCarousel(7, 3000));
    act(() => vi.advanceTimersByTime(2000));
    act(() => result.current.previous());
    expect(result.current.index).toBe(6);
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current.index).toBe(6);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.index).toBe(0);
    act(() => result.current.goTo(3));
    expect(result.current.index).toBe(3);
  });

  it('does not autoplay when reduced motion is preferred', () => {
    mockReducedMotion(true);
    const { result } = renderHook(() => useCarousel(7, 3000));
    act(() => vi.advanceTimersByTime(30000));
    expect(result.current.index).toBe(0);
    expect(result.current.paused).toBe(true);
    act(() => result.current.next());
    expect(result.current.index).toBe(1);
  });
});
