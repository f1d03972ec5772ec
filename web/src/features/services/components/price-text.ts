import type { Currency } from '@studio/shared/currency';
import type { Price } from '@studio/shared/service';
import { groupThousands } from '../../../components/stats-counter-logic.ts';

const symbols: Record<Currency, string> = { USD: '$', EUR: '€', GBP: '£' };
const order: readonly Currency[] = ['USD', 'EUR', 'GBP'];

/**
 * `49, 'USD'` -> `$0.49`, as formatCents (shared/src/money.ts) writes it for en-US, without
 * `Intl`: public pages format numbers by hand (docs/decisions.md, "Less main-thread work").
 */
export function priceText(cents: number, currency: Currency): string {
  const fraction = cents % 100;
  return `${symbols[currency]}${groupThousands((cents - fraction) / 100)}.${String(fraction).padStart(2, '0')}`;
}

/** A subservice's prices per photo, USD first: `$0.49 · €0.45 per photo`; empty without prices. */
export function pricesPerPhoto(prices: readonly Price[]): string {
  const sorted = [...prices].sort((a, b) => order.indexOf(a.currency) - order.indexOf(b.currency));
  return sorted.length === 0 ? '' : `${sorted.map((p) => priceText(p.cents, p.currency)).join(' · ')} per photo`;
}
