import { listServicesResponseSchema } from '@studio/shared/service';
import { api } from './support.ts';

/**
 * The body of `POST api/jobs` for photos sent by the client's own link, in USD, of the first
 * service with a USD price: the order the organisation, spec, key and webhook tests place.
 */
export async function linkOrder(numberOfPhotos = 1): Promise<Record<string, unknown>> {
  const services = listServicesResponseSchema.parse((await api('/api/services')).json).services;
  const service = services.find((s) => s.subServices.some((sub) => sub.prices.some((p) => p.currency === 'USD')))!;
  const sub = service.subServices.find((s) => s.prices.some((p) => p.currency === 'USD'))!;
  return {
    serviceId: service.id,
    selectedSubServices: [sub.id],
    currency: 'USD',
    linkType: 'own',
    dropboxLink: 'https://example.test/photos',
    numberOfPhotos,
  };
}
