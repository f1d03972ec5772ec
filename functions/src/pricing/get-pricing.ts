import { currencies } from '@studio/shared/currency';
import { cheapestUnitPriceCents } from '@studio/shared/job-pricing';
import { pricingFeature } from '@studio/shared/pricing';
import { listServices } from '../data/catalog.ts';
import type { RouteImpl } from '../lib/http.ts';

/**
 * The pricing page: one section per service, one feature line per subservice, and the service's
 * turnarounds and volume tiers (#40: the whole price, not only inside the quote form).
 */
export const getPricingRoute: RouteImpl<'getPricing'> = async () => {
  const services = await listServices();
  return {
    services: services.map((service) => ({
      id: service.id,
      title: service.name,
      features: service.subServices.map((sub) => pricingFeature(sub.name, sub.prices)),
      beforeImage: service.beforeImage,
      afterImage: service.afterImage,
      startsAt: currencies.flatMap((currency) => {
        const cents = cheapestUnitPriceCents(service, currency);
        return cents === null ? [] : [{ currency, cents }];
      }),
      turnarounds: service.turnarounds,
      volumeTiers: service.volumeTiers,
    })),
  };
};
