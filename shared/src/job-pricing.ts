import type { Currency } from './currency.ts';
import type { SubService, Turnaround, VolumeTier } from './service.ts';

/*
 * How a job is priced: one pure module that the quote page, `POST api/jobs`, the data layer and
 * the tests share, so the total a client is shown is the total the server stores (the spec's
 * "job total = sum of chosen subservice prices in the chosen currency", times the photo count).
 *
 * Rounding, defined once: every amount is whole cents, an integer, and nothing is ever rounded
 * on the way. A subservice's price per photo is whole cents (catalogue prices are stored so); a
 * line is that price times the photos, exactly; the subtotal is the sum of the lines; the total
 * is the subtotal less the discount plus the rush surcharge. A rule that takes a share of an
 * amount (issue 17's volume tiers and turnaround multipliers) must round that share once, to
 * whole cents, inside `priceJob`; callers never round. Every amount is checked to stay a safe
 * integer, so no product or sum can drift.
 *
 * Issue 17's two rules, in this order: the volume tier reached by the photo count takes its
 * percent off the subtotal (`discount = round(subtotal * percent / 100)`), then the turnaround's
 * multiplier applies to what is left (`surcharge = round((subtotal - discount) * (multiplier - 1))`),
 * so the total is the discounted price times the multiplier, to the cent. Each share is rounded
 * half up, once, in exact integer arithmetic (`shareOf`); a multiplier is read in hundredths.
 */

/** One chosen subservice and its price per photo in the job's currency. */
export interface PriceLineInput {
  id: string;
  name: string;
  unitPriceCents: number;
}

/** A priced line: the price per photo times the job's photos. */
export interface PricedLine extends PriceLineInput {
  amountCents: number;
}

export interface JobPriceInput {
  lines: readonly PriceLineInput[];
  /** The job's photo count, a whole number. */
  photos: number;
  currency: Currency;
  /** The chosen turnaround; absent or null: x1.0 (no surcharge). */
  turnaround?: Pick<Turnaround, 'multiplier'> | null;
  /** The service's volume tiers, any order; absent or empty: no discount. */
  volumeTiers?: readonly VolumeTier[];
}

/** A job's price, every amount in whole cents of `currency`. */
export interface JobPrice {
  currency: Currency;
  photos: number;
  lines: PricedLine[];
  /** The lines summed. */
  subtotalCents: number;
  /** The volume tier the photo count reached; null when none (no discount). */
  volumeTier: VolumeTier | null;
  /** Taken off the subtotal for volume: the tier's percent of it. */
  discountCents: number;
  /** Added for a faster turnaround: the discounted price times (multiplier - 1). */
  rushSurchargeCents: number;
  /** `subtotalCents - discountCents + rushSurchargeCents`: what the client pays. */
  totalCents: number;
}

/** Every count and amount is a whole number within the safe integers, so integer arithmetic stays exact. */
function whole(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}: ${value}`);
  }
  return value;
}

/**
 * `amount * numerator / denominator`, rounded half up to whole cents, exactly (BigInt: the product
 * of a large subtotal and a percent can pass the safe integers even when the result does not).
 */
function shareOf(amount: number, numerator: number, denominator: number): number {
  const twice = (BigInt(amount) * BigInt(numerator) * 2n + BigInt(denominator)) / (BigInt(denominator) * 2n);
  return whole(Number(twice), 'a share in cents');
}

/** A multiplier (`1.5`) in hundredths (`150`): multipliers have at most two decimals. */
function hundredths(multiplier: number): number {
  const value = Math.round(multiplier * 100);
  if (!Number.isSafeInteger(value) || value < 100)
    throw new RangeError(`not a multiplier of at least 1: ${multiplier}`);
  return value;
}

/** The volume tier `photos` reaches: the one with the highest `minPhotos` at most `photos`; null when none. */
export function volumeTierFor(tiers: readonly VolumeTier[] | undefined, photos: number): VolumeTier | null {
  let reached: VolumeTier | null = null;
  for (const tier of tiers ?? []) {
    if (tier.minPhotos <= photos && (reached === null || tier.minPhotos > reached.minPhotos)) reached = tier;
  }
  return reached;
}

/** The next tier above the one `photos` reaches, with a larger discount; null when none. */
export function nextVolumeTier(tiers: readonly VolumeTier[] | undefined, photos: number): VolumeTier | null {
  const current = volumeTierFor(tiers, photos)?.discountPercent ?? 0;
  let next: VolumeTier | null = null;
  for (const tier of tiers ?? []) {
    if (
      tier.minPhotos > photos &&
      tier.discountPercent > current &&
      (next === null || tier.minPhotos < next.minPhotos)
    ) {
      next = tier;
    }
  }
  return next;
}

/**
 * The cheapest price per photo of any subservice of `service` in `currency` (the "Price Starts $x
 * Per Image" of the pricing and service pages); null when none has a price there.
 */
export function cheapestUnitPriceCents(
  service: { subServices: readonly Pick<SubService, 'prices'>[] },
  currency: Currency,
): number | null {
  let cheapest: number | null = null;
  for (const sub of service.subServices) {
    const cents = unitPriceCents(sub, currency);
    if (cents !== null && (cheapest === null || cents < cheapest)) cheapest = cents;
  }
  return cheapest;
}

/** A subservice's price per photo in `currency`, in whole cents; null when it has no price there. */
export function unitPriceCents(subService: Pick<SubService, 'prices'>, currency: Currency): number | null {
  return subService.prices.find((price) => price.currency === currency)?.cents ?? null;
}

/** A subservice as a line of a job in `currency`; null when it has no price there. */
export function priceLine(
  subService: Pick<SubService, 'id' | 'name' | 'prices'>,
  currency: Currency,
): PriceLineInput | null {
  const cents = unitPriceCents(subService, currency);
  return cents === null ? null : { id: subService.id, name: subService.name, unitPriceCents: cents };
}

/** Prices a job: each line, the subtotal, discount, surcharge and total (see the rounding rule above). */
export function priceJob(input: JobPriceInput): JobPrice {
  const photos = whole(input.photos, 'the photo count');
  const lines = input.lines.map((line) => ({
    id: line.id,
    name: line.name,
    unitPriceCents: whole(line.unitPriceCents, `the price of ${line.name} in cents`),
    amountCents: whole(line.unitPriceCents * photos, `the amount of ${line.name} in cents`),
  }));
  const subtotalCents = whole(
    lines.reduce((sum, line) => sum + line.amountCents, 0),
    'the subtotal in cents',
  );
  const volumeTier = volumeTierFor(input.volumeTiers, photos);
  const discountCents = volumeTier ? shareOf(subtotalCents, volumeTier.discountPercent, 100) : 0;
  const multiplier = input.turnaround ? hundredths(input.turnaround.multiplier) : 100;
  const rushSurchargeCents = shareOf(subtotalCents - discountCents, multiplier - 100, 100);
  return {
    currency: input.currency,
    photos,
    lines,
    subtotalCents,
    volumeTier,
    discountCents,
    rushSurchargeCents,
    totalCents: whole(subtotalCents - discountCents + rushSurchargeCents, 'the total in cents'),
  };
}

/** The total a job costs, in whole cents: `priceJob(input).totalCents`. */
export function jobTotalCents(input: JobPriceInput): number {
  return priceJob(input).totalCents;
}
