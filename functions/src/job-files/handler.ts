import { jobFilesRoutes } from '@studio/shared/routes/job-files';
import { createGroupHandler } from '../lib/http.ts';
import { getArchiveRoute, requestArchiveRoute } from './archives.ts';
import { confirmDeliverableRoute, createDeliverableUploadLinkRoute, listDeliverablesRoute } from './deliverables.ts';
import { listJobPhotosRoute } from './list-job-photos.ts';
import { listRevisionRequestsRoute } from './list-revision-requests.ts';

export const handler = createGroupHandler(jobFilesRoutes, {
  listJobPhotos: listJobPhotosRoute,
  createDeliverableUploadLink: createDeliverableUploadLinkRoute,
  confirmDeliverable: confirmDeliverableRoute,
  listDeliverables: listDeliverablesRoute,
  requestArchive: requestArchiveRoute,
  getArchive: getArchiveRoute,
  listRevisionRequests: listRevisionRequestsRoute,
});
