import { describe, expect, it } from 'vitest';
import { formatCents } from '@studio/shared/money';
import { pricesPerPhoto, priceText } from './price-text.ts';

describe('priceText', () => {
  it('writes what formatCents writes, for each currency', () => {
    for (const cents of [0, 5, 49, 100, 1999, 123456, 99_999_999]) {
      for (const currency of ['USD', 'EUR', 'GBP'] as const) {
        expect(priceText(cents, currency), `${cents} ${currency}`).toBe(formatCents(cents, currency));
      }
    }
  });

  it('lists the prices per photo, USD first, and nothing without prices', () => {
    expect(
      pricesPerPhoto([
        { currency: 'GBP', cents: 39, price: 0.39 },
        { currency: 'USD', cents: 49, price: 0.49 },
      ]),
    ).toBe('$0.49 · £0.39 per photo');
    expect(pricesPerPhoto([])).toBe('');
  });
});
