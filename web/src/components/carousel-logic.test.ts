import { describe, expect, it } from 'vitest';
import { swipeStep, swipeThreshold, wrapIndex } from './carousel-logic.ts';
import { counterValue } from './stats-counter-logic.ts';

describe('wrapIndex', () => {
  it('moves forward and wraps from the last slide to the first', () => {
    expect(wrapIndex(0, 1, 7)).toBe(1);
    expect(wrapIndex(6, 1, 7)).toBe(0);
  });

  it('moves back and wraps from the first slide to the last', () => {
    expect(wrapIndex(0, -1, 7)).toBe(6);
    expect(wrapIndex(3, -1, 7)).toBe(2);
  });

  it('clamps a jump into range and is 0 for an empty carousel', () => {
    expect(wrapIndex(9, 0, 7)).toBe(2);
    expect(wrapIndex(4, 1, 0)).toBe(0);
  });
});

describe('swipeStep', () => {
  it('changes slide only beyond 75 px', () => {
    expect(swipeThreshold).toBe(75);
    expect(swipeStep(-75)).toBe(0);
    expect(swipeStep(75)).toBe(0);
    expect(swipeStep(-76)).toBe(1);
    expect(swipeStep(76)).toBe(-1);
    expect(swipeStep(10)).toBe(0);
  });
});

describe('counterValue', () => {
  it('counts linearly to the target over 2 s and then holds it', () => {
    expect(counterValue(20, 0)).toBe(0);
    expect(counterValue(20, 1000)).toBe(10);
    expect(counterValue(15000, 1999)).toBeLessThan(15000);
    expect(counterValue(15000, 2000)).toBe(15000);
    expect(counterValue(15000, 5000)).toBe(15000);
  });
});
