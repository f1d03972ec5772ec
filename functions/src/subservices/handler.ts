import { createGroupHandler } from '../lib/http.ts';
import { listSubServicesOfServiceRoute } from './list-subservices-of-service.ts';
import { listSubServicesRoute } from './list-subservices.ts';

export const handler = createGroupHandler('subservices', {
  listSubServices: listSubServicesRoute,
  listSubServicesOfService: listSubServicesOfServiceRoute,
});
