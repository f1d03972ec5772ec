import { describe, expect, it } from 'vitest';
import { calibratedSlowdown } from '../local/cpu-slowdown.ts';

describe('calibratedSlowdown', () => {
  it("gives the throttling guide's slowdowns at its calibration points", () => {
    expect(calibratedSlowdown(800)).toBe(2);
    expect(calibratedSlowdown(1300)).toBe(3);
    expect(calibratedSlowdown(1533)).toBe(4);
    expect(calibratedSlowdown(1766)).toBeCloseTo(5, 5);
    expect(calibratedSlowdown(2000)).toBeCloseTo(6, 2);
  });

  it('is linear between them and never below 1x', () => {
    expect(calibratedSlowdown(1050)).toBeCloseTo(2.5, 5);
    expect(calibratedSlowdown(475)).toBeCloseTo(1.5, 5);
    expect(calibratedSlowdown(100)).toBe(1);
  });
});
