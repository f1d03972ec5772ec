import { listServices } from '../data/catalog.ts';
import type { RouteImpl } from '../lib/http.ts';

export const listServicesRoute: RouteImpl<'listServices'> = async () => ({
  services: await listServices(),
});
