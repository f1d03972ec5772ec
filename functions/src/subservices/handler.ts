import { subservicesRoutes } from '@studio/shared/routes/subservices';
import { createGroupHandler } from '../lib/http.ts';
import { listSubServicesOfServiceRoute } from './list-subservices-of-service.ts';
import { listSubServicesRoute } from './list-subservices.ts';
import {
  createSubServiceWithPricesAndImagesRoute,
  createSubServiceWithPricesRoute,
  deleteSubServiceRoute,
  updateSubServiceRoute,
} from './write-subservices.ts';

export const handler = createGroupHandler(subservicesRoutes, {
  listSubServices: listSubServicesRoute,
  listSubServicesOfService: listSubServicesOfServiceRoute,
  createSubServiceWithPrices: createSubServiceWithPricesRoute,
  createSubServiceWithPricesAndImages: createSubServiceWithPricesAndImagesRoute,
  updateSubService: updateSubServiceRoute,
  deleteSubService: deleteSubServiceRoute,
});
