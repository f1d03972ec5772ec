import * as z from 'zod/mini';

/*
 * Numbers people type with a fixed number of decimals (a VAT rate, a price, a multiplier): one
 * schema for all of them, so that whatever a request holds, a number reaches the table only
 * within its bounds and exactly at its stated precision; anything else is a 400 naming the field.
 *
 * zod's `multipleOf(0.01)` is not enough: it counts the decimals in the number's text, and
 * `5e-324` (or `1e-130`) has none in its text, so it passed as a multiple of 0.01 and reached
 * DynamoDB, which refuses magnitudes below 1e-130 (a 500), or stored a value no form can show.
 */

/**
 * Whether `value` has at most `decimals` decimals: it is the number its scaled and rounded value
 * stands for. Exact for what a person types: `0.29` parses to the double nearest 0.29, and so does
 * `29 / 100`. `0.1 + 0.2` (0.30000000000000004) or `5e-324` are not.
 */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scale = 10 ** decimals;
  const scaled = Math.round(value * scale);
  return Number.isSafeInteger(scaled) && scaled / scale === value;
}

export interface DecimalOptions {
  min: number;
  max: number;
  decimals: number;
  messages: { type: string; min: string; max: string; decimals: string };
}

/** A finite number from `min` to `max` with at most `decimals` decimals (see `hasAtMostDecimals`). */
export function decimalSchema(options: DecimalOptions) {
  const { min, max, decimals, messages } = options;
  return z.number(messages.type).check(
    z.minimum(min, messages.min),
    z.maximum(max, messages.max),
    z.refine((value) => hasAtMostDecimals(value, decimals), messages.decimals),
  );
}
