import type { Currency } from './currency.ts';
import type { SubService } from './service.ts';

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
}

/** A job's price, every amount in whole cents of `currency`. */
export interface JobPrice {
  currency: Currency;
  photos: number;
  lines: PricedLine[];
  /** The lines summed. */
  subtotalCents: number;
  /** Taken off the subtotal for volume (none yet: volume tiers come with issue 17). */
  discountCents: number;
  /** Added for a faster turnaround (none yet: turnarounds come with issue 17). */
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
  const discountCents = 0;
  const rushSurchargeCents = 0;
  return {
    currency: input.currency,
    photos,
    lines,
    subtotalCents,
    discountCents,
    rushSurchargeCents,
    totalCents: whole(subtotalCents - discountCents + rushSurchargeCents, 'the total in cents'),
  };
}

/** The total a job costs, in whole cents: `priceJob(input).totalCents`. */
export function jobTotalCents(input: JobPriceInput): number {
  return priceJob(input).totalCents;
}
