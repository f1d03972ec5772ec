import type { Currency } from '@studio/shared/currency';
import { formatCents } from '@studio/shared/money-text';
import type { Price } from '@studio/shared/service';

const order: readonly Currency[] = ['USD', 'EUR', 'GBP'];

/** A subservice's prices per photo, USD first: `$0.49 · €0.45 per photo`; empty without prices. */
export function pricesPerPhoto(prices: readonly Price[]): string {
  const sorted = [...prices].sort((a, b) => order.indexOf(a.currency) - order.indexOf(b.currency));
  return sorted.length === 0 ? '' : `${sorted.map((p) => formatCents(p.cents, p.currency)).join(' · ')} per photo`;
}
