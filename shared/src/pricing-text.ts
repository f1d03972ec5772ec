import type { Currency } from './currency.ts';
import { formatCents } from './money-text.ts';

/*
 * The pricing page's text, in a module without schemas: the page formats it as it hydrates, and
 * pricing.ts (its answer's schema) would bring zod's code with it (money-text.ts says why).
 */

/** The pricing page lists prices in this currency. */
export const pricingCurrency: Currency = 'USD';

/**
 * "Price Starts $0.49 Per Image": the service's cheapest price per photo in `currency`, else in
 * the pricing page's currency, else in any; null when it has no price at all.
 */
export function startsAtText(
  startsAt: readonly { currency: Currency; cents: number }[],
  currency: Currency,
): string | null {
  const price =
    startsAt.find((p) => p.currency === currency) ??
    startsAt.find((p) => p.currency === pricingCurrency) ??
    startsAt[0];
  return price ? `Price Starts ${formatCents(price.cents, price.currency)} Per Image` : null;
}
