import { uploadsRoutes } from '@studio/shared/routes/uploads';
import { createGroupHandler } from '../lib/http.ts';
import { completeMultipartRoute } from './complete-multipart.ts';
import { confirmPhotoBatchRoute } from './confirm-photo-batch.ts';
import { confirmPhotoRoute } from './confirm-photo.ts';
import { createUploadLinksRoute } from './create-upload-links.ts';
import { getUploadLinkRoute } from './get-upload-link.ts';

export const handler = createGroupHandler(uploadsRoutes, {
  getUploadLink: getUploadLinkRoute,
  confirmPhoto: confirmPhotoRoute,
  createUploadLinks: createUploadLinksRoute,
  completeMultipartUpload: completeMultipartRoute,
  confirmPhotoBatch: confirmPhotoBatchRoute,
});
