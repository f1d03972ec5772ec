import { servicesRoutes } from '@studio/shared/routes/services';
import { createGroupHandler } from '../lib/http.ts';
import { getOpenApiDocumentRoute } from './get-openapi-document.ts';
import { getServiceRoute } from './get-service.ts';
import { listServicesRoute } from './list-services.ts';
import {
  createServiceRoute,
  deleteServiceRoute,
  updatePricingRulesRoute,
  updateServiceRoute,
} from './write-services.ts';

export const handler = createGroupHandler(servicesRoutes, {
  listServices: listServicesRoute,
  getService: getServiceRoute,
  createService: createServiceRoute,
  updateService: updateServiceRoute,
  deleteService: deleteServiceRoute,
  updatePricingRules: updatePricingRulesRoute,
  getOpenApiDocument: getOpenApiDocumentRoute,
});
