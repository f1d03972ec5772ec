import * as z from 'zod/mini';
import { centsFromAmount, formatCents } from './money.ts';
import { decimalSchema } from './decimal.ts';

/**
 * Currencies a job is priced and paid in: one type for the catalogue's prices, the job's
 * `currency` and its payment's. USD is the default everywhere.
 */
export const currencies = ['USD', 'EUR', 'GBP'] as const;
export const currencySchema = z.enum(currencies);
export type Currency = z.infer<typeof currencySchema>;
export const defaultCurrency: Currency = 'USD';

/**
 * `1.5, 'EUR'` -> `€1.50`: a major-unit amount with at most 2 decimals (a price as the spec's
 * forms hold it), formatted like {@link formatCents}. Prefer `formatCents` where cents are at hand.
 */
export function formatPrice(amount: number, currency: Currency): string {
  return formatCents(centsFromAmount(amount), currency);
}

/** A price in major units: non-negative, whole cents, below one million. */
export const amountSchema = decimalSchema({
  min: 0,
  max: 999_999.99,
  decimals: 2,
  messages: {
    type: 'must be a number',
    min: 'must be at least 0',
    max: 'must be at most 999999.99',
    decimals: 'must have at most two decimals',
  },
});

/**
 * The payment page's currency list, as the spec shows it, each entry mapped explicitly to the
 * currency it pays in. `IND` is the spec's spelling of the Indian rupee (ISO 4217 `INR`). Jobs
 * are priced only in {@link currencies} and paid in their own currency, so only the entry of the
 * job's currency can be chosen; IND, CAD and Other map to no currency we price in (`null`) and
 * are shown, not offered (docs/decisions.md).
 */
export const paymentPageCurrencies = [
  { label: 'IND', currency: null },
  { label: 'USD', currency: 'USD' },
  { label: 'EUR', currency: 'EUR' },
  { label: 'CAD', currency: null },
  { label: 'GBP', currency: 'GBP' },
  { label: 'Other', currency: null },
] as const satisfies readonly { label: string; currency: Currency | null }[];
