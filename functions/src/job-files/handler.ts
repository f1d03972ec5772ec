import { createGroupHandler } from '../lib/http.ts';
import { getArchiveRoute, requestArchiveRoute } from './archives.ts';
import { confirmDeliverableRoute, createDeliverableUploadLinkRoute, listDeliverablesRoute } from './deliverables.ts';
import { listJobPhotosRoute } from './list-job-photos.ts';

export const handler = createGroupHandler('job-files', {
  listJobPhotos: listJobPhotosRoute,
  createDeliverableUploadLink: createDeliverableUploadLinkRoute,
  confirmDeliverable: confirmDeliverableRoute,
  listDeliverables: listDeliverablesRoute,
  requestArchive: requestArchiveRoute,
  getArchive: getArchiveRoute,
});
