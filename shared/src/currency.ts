import * as z from 'zod/mini';
import { decimalSchema } from './decimal.ts';

/**
 * Currencies a job is priced and paid in: one type for the catalogue's prices, the job's
 * `currency` and its payment's. USD is the default everywhere.
 */
export const currencies = ['USD', 'EUR', 'GBP'] as const;
export const currencySchema = z.enum(currencies);
export type Currency = z.infer<typeof currencySchema>;
export const defaultCurrency: Currency = 'USD';

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
 * are shown, not offered (docs/decisions/client-accounts-and-ordering.md).
 */
export const paymentPageCurrencies = [
  { label: 'IND', currency: null },
  { label: 'USD', currency: 'USD' },
  { label: 'EUR', currency: 'EUR' },
  { label: 'CAD', currency: null },
  { label: 'GBP', currency: 'GBP' },
  { label: 'Other', currency: null },
] as const satisfies readonly { label: string; currency: Currency | null }[];
