import { createGroupHandler } from '../lib/http.ts';
import { getServiceRoute } from './get-service.ts';
import { listServicesRoute } from './list-services.ts';

export const handler = createGroupHandler('services', {
  listServices: listServicesRoute,
  getService: getServiceRoute,
});
