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
import { addDeliverable, allFiles, listDeliverables, type StoredFile } from '../data/job-files.ts';
import { listImages } from '../data/images.ts';
import type { Job } from '@studio/shared/job';
import type { RouteResponse } from '@studio/shared/routes';
import { uploadImageTypes, type UploadImageType } from '@studio/shared/upload';
import type { Caller } from '../lib/caller.ts';
import type { Logger } from '../lib/observability.ts';
import { ConflictError } from '../lib/errors.ts';
import { prepareDelivery } from '../job-images/delivery-files.ts';
import { writeDelivery } from '../job-images/deliver.ts';
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
export const confirmDeliverableRoute: RouteImpl<'confirmDeliverable'> = async ({ params, body, caller, log }) => {
  const job = await deliverableJob(caller!, params.id);
  if (job.uploadId) return confirmImageDeliverable(job, body, caller!, log);
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

/**
 * A finished file of a job with images (#33), sent the way of #15: it is matched to its original
 * by file-name stem and becomes that image's new version (through QC when the studio requires it).
 * A file that matches no photo, or several, is refused by name (400): deliver it on its image.
 */
async function confirmImageDeliverable(
  job: Job,
  body: { key: string; fileName: string },
  caller: Caller,
  log: Logger,
): Promise<RouteResponse<'confirmDeliverable'>> {
  if (!job.imageCounts) {
    throw new ConflictError('The images of this job are being prepared. Try again in a minute.');
  }
  const prepared = await prepareDelivery(job as Job & { uploadId: string }, [body]);
  const problem = prepared.problems[0];
  if (problem) throw refusedFile(problem.fileName, problem.reason);
  const outcome = await writeDelivery(job.id, prepared, caller, log);
  const file = prepared.files[0]!;
  return {
    deliverable: {
      id: file.fileId,
      fileName: file.fileName,
      size: file.size,
      contentType: file.contentType as UploadImageType,
      hasThumbnail: false,
      preview: 'PENDING',
    },
    deliverableCount: outcome.result?.after.deliverableCount ?? job.deliverableCount,
  };
}

/**
 * The finished files of a job with images (#33): each image's current version (staff) or the one
 * released to the client, in the images' upload order, a page of images at a time; after the last
 * page, the job's files from before #33 that matched no image.
 */
async function imageDeliverables(job: Job, caller: Caller, limit: number, cursor: string | undefined) {
  const staff = caller.principal !== 'CLIENT';
  const page = await listImages(job.uploadId!, { limit, cursor });
  const files: StoredFile[] = page.images.flatMap((image) => {
    const version = staff ? image.current : image.released;
    if (!version || !(version.contentType in uploadImageTypes)) return [];
    return [
      {
        id: version.id,
        key: version.key,
        fileName: version.fileName,
        size: version.size,
        contentType: version.contentType as UploadImageType,
        thumbnailKey: version.preview === 'READY' ? version.thumbnailKey : null,
        createdAt: version.deliveredAt,
      },
    ];
  });
  if (!page.nextCursor) files.push(...(await allFiles({ jobId: job.id })));
  const counts = job.imageCounts!;
  const total = staff
    ? Object.values(counts).reduce((sum, n) => sum + n, 0) - counts.RECEIVED
    : counts.DELIVERED + counts.APPROVED + counts.REJECTED;
  return { files, nextCursor: page.nextCursor, total };
}

/** `GET api/jobs/{id}/deliverables`: the finished files with download links, for the owner and the job's staff. */
export const listDeliverablesRoute: RouteImpl<'listDeliverables'> = async ({ params, query, caller }) => {
  const job = await readableJob(caller!, params.id);
  await assertMayDownloadDeliverables(caller!, job);
  if (job.imageCounts) {
    const listed = await imageDeliverables(job, caller!, query.limit ?? filePageDefault, query.cursor);
    return {
      deliverables: await toJobFiles(listed.files),
      total: listed.total,
      nextCursor: listed.nextCursor,
      expiresAt: linksExpireAt(),
      deliveryLink: job.editorDropboxLink,
    };
  }
  const page = await listDeliverables(job.id, query.limit ?? filePageDefault, query.cursor);
  return {
    deliverables: await toJobFiles(page.files),
    total: job.deliverableCount,
    nextCursor: page.nextCursor,
    expiresAt: linksExpireAt(),
    deliveryLink: job.editorDropboxLink,
  };
};
