import type { Currency } from './currency.ts';
import { groupThousands } from './number-text.ts';

/*
 * Money as text, with no `Intl` and no schema: public pages format prices as they hydrate, and a
 * phone's first `Intl.NumberFormat` loads the locale's data (about 20 ms on a slow machine, a
 * task of its own that Lighthouse counts as blocking), and a schema module brings zod's code with
 * it. The three currencies we price in are written the way `Intl.NumberFormat('en-US')` writes
 * them (a test compares the two).
 */

const symbols: Record<Currency, string> = { USD: '$', EUR: '€', GBP: '£' };

/**
 * Whole cents as people read them, in the currency's own way: `formatCents(49, 'USD')` is
 * `$0.49`, `formatCents(1200, 'EUR')` is `€12.00`, `formatCents(123456789, 'GBP')` is
 * `£1,234,567.89`, `formatCents(-49, 'USD')` is `-$0.49`. Integer arithmetic only: no total
 * however large is rounded on the way to the page.
 */
export function formatCents(cents: number, currency: Currency): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not whole cents: ${cents}`);
  const units = Math.abs(cents);
  const fraction = units % 100;
  const whole = groupThousands((units - fraction) / 100);
  return `${cents < 0 ? '-' : ''}${symbols[currency]}${whole}.${String(fraction).padStart(2, '0')}`;
}
