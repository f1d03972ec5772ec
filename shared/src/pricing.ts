import * as z from 'zod/mini';
import { currencySchema, type Currency } from './currency.ts';
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
  /**
   * "Price Starts $x Per Image" (#17): the cheapest price per photo of the service's subservices,
   * in each currency one of them is priced in.
   */
  startsAt: z.array(z.object({ currency: currencySchema, cents: z.int() })),
});
export type PricingService = z.infer<typeof pricingServiceSchema>;

export const pricingResponseSchema = z.object({ services: z.array(pricingServiceSchema) });
export type PricingResponse = z.infer<typeof pricingResponseSchema>;

/** The pricing page lists prices in this currency. */
export const pricingCurrency: Currency = 'USD';

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

/**
 * "Price Starts $0.49 Per Image": the service's cheapest price per photo in `currency`, else in
 * the pricing page's currency, else in any; null when it has no price at all.
 */
export function startsAtText(startsAt: PricingService['startsAt'], currency: Currency): string | null {
  const price =
    startsAt.find((p) => p.currency === currency) ??
    startsAt.find((p) => p.currency === pricingCurrency) ??
    startsAt[0];
  return price ? `Price Starts ${formatCents(price.cents, price.currency)} Per Image` : null;
}
