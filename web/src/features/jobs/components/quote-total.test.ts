import { describe, expect, it } from 'vitest';
import { maxPhotosPerJob } from '@studio/shared/job';
import { forcePhotoCount, quoteTotalCents, unitPriceCents } from './quote-total.ts';

const subServices = [
  {
    id: 'a',
    prices: [
      { price: 0.29, currency: 'USD' as const },
      { price: 0.27, currency: 'EUR' as const },
    ],
  },
  { id: 'b', prices: [{ price: 1.1, currency: 'USD' as const }] },
  {
    id: 'c',
    prices: [
      { price: 0.07, currency: 'EUR' as const },
      { price: 2.5, currency: 'GBP' as const },
    ],
  },
];

describe('quoteTotalCents', () => {
  it('sums price x photos in whole cents over the chosen subservices only', () => {
    // 0.29 * 100 is 28.999... in floating point: per-photo prices are rounded to cents first.
    expect(unitPriceCents(subServices[0]!, 'USD')).toBe(29);
    expect(quoteTotalCents(subServices, new Set(['a', 'b']), 'USD', 3)).toBe((29 + 110) * 3);
    expect(quoteTotalCents(subServices, new Set(['a']), 'USD', 3)).toBe(87);
  });

  it('uses the price of the chosen currency and skips subservices without one', () => {
    expect(quoteTotalCents(subServices, new Set(['a', 'b', 'c']), 'EUR', 7)).toBe((27 + 7) * 7);
    expect(unitPriceCents(subServices[1]!, 'EUR')).toBeNull();
    expect(quoteTotalCents(subServices, new Set(['b']), 'GBP', 10)).toBe(0);
  });

  it('is exact where adding floats is not (0.1 + 0.2)', () => {
    const tenths = [
      { id: 'x', prices: [{ price: 0.1, currency: 'USD' as const }] },
      { id: 'y', prices: [{ price: 0.2, currency: 'USD' as const }] },
    ];
    expect(quoteTotalCents(tenths, new Set(['x', 'y']), 'USD', 1)).toBe(30);
    expect(quoteTotalCents(tenths, new Set(['x', 'y']), 'USD', 100_000) / 100).toBe(30_000);
  });

  it('is 0 with nothing chosen', () => {
    expect(quoteTotalCents(subServices, new Set(), 'USD', 50)).toBe(0);
  });
});

describe('forcePhotoCount', () => {
  it.each([
    ['0', 1],
    ['-5', 1],
    ['', 1],
    ['abc', 1],
    ['1', 1],
    ['12', 12],
    ['2.7', 2],
    [-1, 1],
    [Number.NaN, 1],
  ])('%j -> %d', (raw, expected) => {
    expect(forcePhotoCount(raw)).toBe(expected);
  });

  it('caps at the largest job the server accepts', () => {
    expect(forcePhotoCount(String(maxPhotosPerJob + 1))).toBe(maxPhotosPerJob);
  });
});
