import { pricingFeature } from '@studio/shared/pricing';
import { listServices } from '../data/catalog.ts';
import type { RouteImpl } from '../lib/http.ts';

/** The pricing page: one section per service, one feature line per subservice. */
export const getPricingRoute: RouteImpl<'getPricing'> = async () => {
  const services = await listServices();
  return {
    services: services.map((service) => ({
      id: service.id,
      title: service.name,
      features: service.subServices.map((sub) => pricingFeature(sub.name, sub.prices)),
      beforeImage: service.beforeImage,
      afterImage: service.afterImage,
    })),
  };
};
