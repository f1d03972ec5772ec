import { imageUploadedMessage } from '@studio/shared/catalog-admin';
import { confirmCatalogImage, presignCatalogImageUpload } from '../data/media-images.ts';
import { imagesRoutes } from '@studio/shared/routes/images';
import { createGroupHandler } from '../lib/http.ts';

export const handler = createGroupHandler(imagesRoutes, {
  createImageUploadLink: async ({ body }) => ({ upload: await presignCatalogImageUpload(body.contentType, body.size) }),
  confirmImage: async ({ body }) => ({ image: await confirmCatalogImage(body.key), message: imageUploadedMessage }),
});
