import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StatsTicker } from './stats-ticker.tsx';
import { mockReducedMotion } from '../../../testing/reduced-motion.ts';

const shown = () => [...document.querySelectorAll('.stats-ticker__value')].map((el) => el.textContent);

describe('StatsTicker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts up from 0 over 2 s once in view, then holds the final figures', () => {
    mockReducedMotion(false);
    // jsdom has no IntersectionObserver: the ticker treats itself as in view.
    render(<StatsTicker />);
    expect(shown()[1]).toBe('0+');
    act(() => vi.advanceTimersByTime(1000));
    const halfway = Number(shown()[1]!.replace('+', ''));
    expect(halfway).toBeGreaterThan(0);
    expect(halfway).toBeLessThan(12);
    act(() => vi.advanceTimersByTime(1100));
    expect(shown()).toEqual(['15,000+', '12+', '500+', '20+']);
    expect(screen.getByText('Happy clients')).toBeTruthy();
  });

  it('shows the final figures at once when reduced motion is preferred', () => {
    mockReducedMotion(true);
    render(<StatsTicker />);
    expect(shown()).toEqual(['15,000+', '12+', '500+', '20+']);
  });
});
