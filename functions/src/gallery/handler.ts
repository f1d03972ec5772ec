import { galleryRoutes } from '@studio/shared/routes/gallery';
import { createGroupHandler } from '../lib/http.ts';
import { listGalleryByServiceRoute } from './list-gallery-by-service.ts';
import { listGalleryItemsRoute } from './list-gallery-items.ts';
import { listGalleryServicesRoute } from './list-gallery-services.ts';
import { createGalleryItemRoute, deleteGalleryItemRoute, updateGalleryItemRoute } from './write-gallery.ts';

export const handler = createGroupHandler(galleryRoutes, {
  listGalleryServices: listGalleryServicesRoute,
  listGalleryItems: listGalleryItemsRoute,
  listGalleryByService: listGalleryByServiceRoute,
  createGalleryItem: createGalleryItemRoute,
  updateGalleryItem: updateGalleryItemRoute,
  deleteGalleryItem: deleteGalleryItemRoute,
});
