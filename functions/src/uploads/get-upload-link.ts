import { getUpload } from '../data/job-files.ts';
import { presignPhotoUpload } from '../data/uploads.ts';
import { NotFoundError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { uploadClosed } from './upload-rules.ts';

/**
 * `GET api/get-upload-link`: a presigned POST for one photo. A later file names the upload it
 * joins; an upload a job was made of is closed (409), another client's is unknown (404).
 */
export const getUploadLinkRoute: RouteImpl<'getUploadLink'> = async ({ query, caller }) => {
  // Route access is CLIENT only, so a caller is always present.
  const userId = caller!.userId;
  if (query.uploadId) {
    const upload = await getUpload(query.uploadId);
    if (upload && upload.clientId !== userId) throw new NotFoundError('There is no upload with this id.');
    if (upload?.jobId) throw uploadClosed(upload.jobNumber);
  }
  return {
    uploadurl: await presignPhotoUpload({
      userId,
      uploadId: query.uploadId,
      contentType: query.contentType,
      size: query.size,
    }),
  };
};
