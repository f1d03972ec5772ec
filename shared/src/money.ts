import * as z from 'zod/mini';
import type { Currency } from './currency.ts';
import { formatCents } from './money-text.ts';

/*
 * Money is whole cents (the currency's minor unit, an integer) with its currency, from the
 * catalogue to the job's total: integer sums and products are exact, so the browser and the
 * server always reach the same figure. Major units (`0.49`) appear only at the edges the spec
 * fixes (the staff price forms, `price` and `totalPrice` in answers), converted here, and text
 * only in the browser and the pricing page's feature lines, formatted here.
 */

/** An amount of money: whole cents and their currency. */
export interface Money {
  cents: number;
  currency: Currency;
}

/** The most a price per photo may be: 999,999.99 in major units (the staff forms' limit). */
export const maxUnitPriceCents = 99_999_999;

/** A price per photo in whole cents: an integer from 0 to {@link maxUnitPriceCents}. */
export const unitPriceCentsSchema = z.int().check(z.minimum(0), z.maximum(maxUnitPriceCents));

/**
 * A major-unit amount with at most two decimals (`0.29`, as the spec's price forms send it) as
 * whole cents (`29`). Rounding only removes binary noise (`0.29 * 100` is `28.999...`); amounts
 * reaching here are checked to whole cents first (`amountSchema`). Throws on anything that is not
 * a finite amount within the safe integers.
 */
export function centsFromAmount(amount: number): number {
  const cents = Math.round(amount * 100);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not an amount of money: ${amount}`);
  return cents;
}

/**
 * `1.5, 'EUR'` -> `€1.50`: a major-unit amount with at most 2 decimals (a price as the spec's
 * forms hold it), formatted like {@link formatCents}. Prefer `formatCents` where cents are at hand.
 */
export function formatPrice(amount: number, currency: Currency): string {
  return formatCents(centsFromAmount(amount), currency);
}

/** Whole cents as the major-unit number of the spec's fields (`totalPrice`, `price`): `49` -> `0.49`. */
export function amountFromCents(cents: number): number {
  return cents / 100;
}

/** Whole cents as people read them (`$0.49`): in a module of its own, without zod (money-text.ts). */
export { formatCents };
