import { getService } from '../data/catalog.ts';
import { NotFoundError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';

/** `GET api/subServices/service/{id}`: names a service, so an unknown one is a 404. */
export const listSubServicesOfServiceRoute: RouteImpl<'listSubServicesOfService'> = async ({ params }) => {
  const service = await getService(params.id);
  if (!service) throw new NotFoundError('There is no service with this id.');
  return { subServices: service.subServices };
};
