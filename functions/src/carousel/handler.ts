import { carouselRoutes } from '@studio/shared/routes/carousel';
import { createGroupHandler } from '../lib/http.ts';
import { listCarouselServicesRoute } from './list-carousel-services.ts';
import { listServiceImagesRoute } from './list-service-images.ts';
import {
  bulkDeleteServiceImagesRoute,
  bulkInsertServiceImagesRoute,
  reorderServiceImagesRoute,
} from './write-service-images.ts';

export const handler = createGroupHandler(carouselRoutes, {
  listCarouselServices: listCarouselServicesRoute,
  listServiceImages: listServiceImagesRoute,
  bulkInsertServiceImages: bulkInsertServiceImagesRoute,
  bulkDeleteServiceImages: bulkDeleteServiceImagesRoute,
  reorderServiceImages: reorderServiceImagesRoute,
});
