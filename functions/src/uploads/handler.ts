import { uploadsRoutes } from '@studio/shared/routes/uploads';
import { createGroupHandler } from '../lib/http.ts';
import { confirmPhotoRoute } from './confirm-photo.ts';
import { getUploadLinkRoute } from './get-upload-link.ts';

export const handler = createGroupHandler(uploadsRoutes, {
  getUploadLink: getUploadLinkRoute,
  confirmPhoto: confirmPhotoRoute,
});
