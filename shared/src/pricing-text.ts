import type { Currency } from './currency.ts';
import { formatCents } from './money-text.ts';
import { groupThousands } from './number-text.ts';

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

/** The parts of a turnaround the public pages show. */
export interface TurnaroundTerms {
  name: string;
  hours: number;
  multiplier: number;
}

/** The parts of a volume tier the public pages show. */
export interface VolumeTierTerms {
  minPhotos: number;
  discountPercent: number;
}

/**
 * How long a turnaround takes, as people say it: `24 h` up to two days, whole days beyond
 * (`3 days` for 72 h), hours where a day is not whole (`60 h`).
 */
export function turnaroundTimeText(hours: number): string {
  return hours > 48 && hours % 24 === 0 ? `${hours / 24} days` : `${hours} h`;
}

/**
 * What a turnaround adds to the price: `+50 %` for x1.5, `no surcharge` for x1. A multiplier has
 * at most two decimals, so the percent is whole.
 */
export function surchargeText(multiplier: number): string {
  const percent = Math.round(multiplier * 100) - 100;
  return percent <= 0 ? 'no surcharge' : `+${percent} %`;
}

/** `Express (24 h): +50 %`, `Standard (48 h): no surcharge`. */
export function turnaroundText(turnaround: TurnaroundTerms): string {
  return `${turnaround.name} (${turnaroundTimeText(turnaround.hours)}): ${surchargeText(turnaround.multiplier)}`;
}

/** `10 % off from 100 photos`, `5 % off from 1 photo`. */
export function volumeTierText(tier: VolumeTierTerms): string {
  const photos = `${groupThousands(tier.minPhotos)} photo${tier.minPhotos === 1 ? '' : 's'}`;
  return `${tier.discountPercent} % off from ${photos}`;
}

/**
 * The volume tiers worth telling a visitor: those that take something off (a 0 % tier from 1
 * photo, the seed's first, only says the price is the price), in the order of their photo counts.
 */
export function discountTiers<T extends VolumeTierTerms>(tiers: readonly T[]): T[] {
  return tiers.filter((tier) => tier.discountPercent > 0).sort((a, b) => a.minPhotos - b.minPhotos);
}
