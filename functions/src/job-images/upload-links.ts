import { versionFileTypes } from '@studio/shared/image-api';
import { monotonicFactory } from 'ulid';
import { deliverablePrefix } from '../data/file-objects.ts';
import type { RouteImpl } from '../lib/http.ts';
import { mapLimit } from '@studio/shared/map-limit';
import { uploadLinkFor } from '../uploads/create-upload-links.ts';
import { deliveryImageJob } from './access.ts';

/**
 * `POST api/jobs/{id}/images/upload-links` (#33): links for up to 100 finished files of a job the
 * caller delivers to (its editor, managers), under the job's own prefix; a presigned POST each, or
 * a multipart upload past 100 MB. The files become versions once delivered.
 */
export const createVersionUploadLinksRoute: RouteImpl<'createVersionUploadLinks'> = async ({
  params,
  body,
  caller,
  log,
}) => {
  const job = await deliveryImageJob(caller!, params.id, log);
  const prefix = deliverablePrefix(job.id);
  // Ids in the order of the files sent, even within one millisecond: the images' upload order.
  const nextId = monotonicFactory();
  const links = await mapLimit(body.files, 8, (file) =>
    uploadLinkFor(`${prefix}${nextId()}.${versionFileTypes[file.contentType]}`, file),
  );
  return { links };
};
