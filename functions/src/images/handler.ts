import { imageUploadedMessage } from '@studio/shared/catalog-admin';
import { confirmCatalogImage, presignCatalogImageUpload } from '../data/media-images.ts';
import { createGroupHandler } from '../lib/http.ts';

export const handler = createGroupHandler('images', {
  createImageUploadLink: async ({ body }) => ({ upload: await presignCatalogImageUpload(body.contentType, body.size) }),
  confirmImage: async ({ body }) => ({ image: await confirmCatalogImage(body.key), message: imageUploadedMessage }),
});
