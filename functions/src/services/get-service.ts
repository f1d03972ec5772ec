import { getService } from '../data/catalog.ts';
import { NotFoundError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';

export const getServiceRoute: RouteImpl<'getService'> = async ({ params }) => {
  const service = await getService(params.id);
  if (!service) throw new NotFoundError('There is no service with this id.');
  return { service };
};
