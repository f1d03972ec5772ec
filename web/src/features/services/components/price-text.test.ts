import { describe, expect, it } from 'vitest';
import { pricesPerPhoto } from './price-text.ts';

describe('pricesPerPhoto', () => {
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
