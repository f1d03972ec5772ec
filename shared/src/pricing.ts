import * as z from 'zod/mini';
import type { Currency } from './currency.ts';
import { formatCents } from './money.ts';
import { idSchema } from './ids.ts';
import { imageUrlSchema, type Price } from './service.ts';

export const pricingServiceSchema = z.object({
  id: idSchema,
  title: z.string(),
  /** One line per subservice: `'{name} - {price}'`, `'{name} - -'` when it has no price. */
  features: z.array(z.string()),
  beforeImage: imageUrlSchema,
  afterImage: imageUrlSchema,
});
export type PricingService = z.infer<typeof pricingServiceSchema>;

export const pricingResponseSchema = z.object({ services: z.array(pricingServiceSchema) });
export type PricingResponse = z.infer<typeof pricingResponseSchema>;

/** The pricing page lists prices in this currency. */
export const pricingCurrency: Currency = 'USD';

/** Formats one pricing feature line from a subservice name and its prices. */
export function pricingFeature(name: string, prices: readonly Price[]): string {
  const price = prices.find((p) => p.currency === pricingCurrency);
  return `${name} - ${price ? formatCents(price.cents, pricingCurrency) : '-'}`;
}
