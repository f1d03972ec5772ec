import * as z from 'zod/mini';
import { currencySchema } from './currency.ts';
import { formatCents } from './money-text.ts';
import { pricingCurrency } from './pricing-text.ts';
import { idSchema } from './ids.ts';
import { imageUrlSchema, turnaroundSchema, volumeTierSchema, type Price } from './service.ts';

export const pricingServiceSchema = z.object({
  id: idSchema,
  title: z.string(),
  /** One line per subservice: `'{name} - {price}'`, `'{name} - -'` when it has no price. */
  features: z.array(z.string()),
  beforeImage: imageUrlSchema,
  afterImage: imageUrlSchema,
  /**
   * "Price Starts $x Per Image" (#17): the cheapest price per photo of the service's subservices,
   * in each currency one of them is priced in.
   */
  startsAt: z.array(z.object({ currency: currencySchema, cents: z.int() })),
  /** The service's turnarounds (#17), the default first: what each adds to the price (#40). */
  turnarounds: z.array(turnaroundSchema),
  /** The service's volume tiers (#17), by `minPhotos` ascending. */
  volumeTiers: z.array(volumeTierSchema),
});
export type PricingService = z.infer<typeof pricingServiceSchema>;

export const pricingResponseSchema = z.object({ services: z.array(pricingServiceSchema) });
export type PricingResponse = z.infer<typeof pricingResponseSchema>;

export { discountTiers, pricingCurrency, startsAtText, turnaroundText, volumeTierText } from './pricing-text.ts';

/** The lowest "Price Starts" of all services in the pricing page's currency, formatted; null when none is priced in it. */
export function lowestStartingPrice(services: readonly PricingService[]): string | null {
  const cents = services
    .flatMap((service) => service.startsAt)
    .filter((price) => price.currency === pricingCurrency)
    .map((price) => price.cents);
  return cents.length > 0 ? formatCents(Math.min(...cents), pricingCurrency) : null;
}

/** Formats one pricing feature line from a subservice name and its prices. */
export function pricingFeature(name: string, prices: readonly Price[]): string {
  const price = prices.find((p) => p.currency === pricingCurrency);
  return `${name} - ${price ? formatCents(price.cents, pricingCurrency) : '-'}`;
}
