import * as z from 'zod/mini';

/** Currencies a job can be priced in. USD is the default everywhere. */
export const currencies = ['USD', 'EUR', 'GBP'] as const;
export const currencySchema = z.enum(currencies);
export type Currency = z.infer<typeof currencySchema>;
export const defaultCurrency: Currency = 'USD';

const symbols: Record<Currency, string> = { USD: '$', EUR: '€', GBP: '£' };

/** `1.5, 'EUR'` -> `€1.50`. Amounts are plain numbers in major units with at most 2 decimals. */
export function formatPrice(amount: number, currency: Currency): string {
  return `${symbols[currency]}${amount.toFixed(2)}`;
}

/** A price in major units: non-negative, whole cents, below one million. */
export const amountSchema = z.number().check(z.nonnegative(), z.maximum(999_999.99), z.multipleOf(0.01));
