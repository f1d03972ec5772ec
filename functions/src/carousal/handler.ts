import { createGroupHandler } from '../lib/http.ts';
import { listCarouselServicesRoute } from './list-carousel-services.ts';
import { listServiceImagesRoute } from './list-service-images.ts';

export const handler = createGroupHandler('carousal', {
  listCarouselServices: listCarouselServicesRoute,
  listServiceImages: listServiceImagesRoute,
});
