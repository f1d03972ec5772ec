import { filePageDefault } from '@studio/shared/job-files';
import { ulid } from 'ulid';
import {
  checkPostedFile,
  deleteObjects,
  deliverablePrefix,
  extensionOf,
  linksExpireAt,
  presignFilePost,
  tagKept,
} from '../data/file-objects.ts';
import { addDeliverable, listDeliverables } from '../data/job-files.ts';
import { BadRequestError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { jobNotFound } from '../jobs/access.ts';
import { refusedFile } from '../uploads/confirm-photo.ts';
import { refusalText } from '../uploads/photo-batch.ts';
import { assertMayDownloadDeliverables, cancelledDelivery, deliverableJob, readableJob } from './access.ts';
import { toJobFiles } from './file-links.ts';

const deliverableKeyPattern = /^[0-9A-HJKMNP-TV-Z]{26}\.(jpg|png|webp|tif|heic|heif)$/;

/**
 * `POST api/jobs/{id}/deliverables/upload-link`: a presigned POST for one finished file, under the
 * job's own prefix, for its assigned editor or a manager. Same types and limits as client photos.
 */
export const createDeliverableUploadLinkRoute: RouteImpl<'createDeliverableUploadLink'> = async ({
  params,
  body,
  caller,
}) => {
  const job = await deliverableJob(caller!, params.id);
  const key = `${deliverablePrefix(job.id)}${ulid()}.${extensionOf(body.contentType)}`;
  return { upload: await presignFilePost(key, body.contentType, body.size) };
};

/**
 * `POST api/jobs/{id}/deliverables`: confirms one posted finished file. It is checked like a
 * client's photo (size, real type by its bytes; a refused file is deleted and named), re-tagged
 * as part of the job, and counted on the job: files count as a delivery as much as a link.
 */
export const confirmDeliverableRoute: RouteImpl<'confirmDeliverable'> = async ({ params, body, caller }) => {
  const job = await deliverableJob(caller!, params.id);
  const prefix = deliverablePrefix(job.id);
  const name = body.key.startsWith(prefix) ? body.key.slice(prefix.length) : '';
  if (!deliverableKeyPattern.test(name)) {
    throw new BadRequestError('The request is not valid.', [
      { path: 'body.key', message: 'must be a key the upload link of this job answered' },
    ]);
  }
  const check = await checkPostedFile(body.key);
  if (!check.ok) {
    if (check.reason !== 'missing') await deleteObjects([body.key]);
    throw refusedFile(body.fileName, refusalText(check));
  }
  await tagKept(body.key);
  const file = {
    id: name.slice(0, 26),
    key: body.key,
    fileName: body.fileName,
    size: check.size,
    contentType: check.contentType,
    thumbnailKey: null,
    createdAt: new Date().toISOString(),
    deliveredBy: caller!.userId,
  };
  const result = await addDeliverable(job.id, file);
  if (result.kind === 'gone') throw jobNotFound();
  if (result.kind !== 'added') {
    await deleteObjects([body.key]);
    throw cancelledDelivery();
  }
  return {
    deliverable: {
      id: file.id,
      fileName: file.fileName,
      size: file.size,
      contentType: file.contentType,
      hasThumbnail: false,
    },
    deliverableCount: result.deliverableCount,
  };
};

/** `GET api/jobs/{id}/deliverables`: the finished files with download links, for the owner and the job's staff. */
export const listDeliverablesRoute: RouteImpl<'listDeliverables'> = async ({ params, query, caller }) => {
  const job = await readableJob(caller!, params.id);
  await assertMayDownloadDeliverables(caller!, job);
  const page = await listDeliverables(job.id, query.limit ?? filePageDefault, query.cursor);
  return {
    deliverables: await toJobFiles(page.files),
    total: job.deliverableCount,
    nextCursor: page.nextCursor,
    expiresAt: linksExpireAt(),
    deliveryLink: job.editorDropboxLink,
  };
};
