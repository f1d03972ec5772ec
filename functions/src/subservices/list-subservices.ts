import { listAllSubServices, listSubServicesOfService } from '../data/catalog.ts';
import type { RouteImpl } from '../lib/http.ts';

/** `GET api/subservices?serviceId=`: a filter, so an unknown service id gives an empty list. */
export const listSubServicesRoute: RouteImpl<'listSubServices'> = async ({ query }) => ({
  subServices: query.serviceId ? await listSubServicesOfService(query.serviceId) : await listAllSubServices(),
});
