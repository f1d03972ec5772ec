import { listServiceRefs } from '../data/service-refs.ts';
import type { RouteImpl } from '../lib/http.ts';

export const listCarouselServicesRoute: RouteImpl<'listCarouselServices'> = async () => ({
  services: await listServiceRefs(),
});
