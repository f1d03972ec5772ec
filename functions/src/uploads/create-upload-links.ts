import { multipartThresholdBytes } from '@studio/shared/images';
import type { BatchUploadLink } from '@studio/shared/image-api';
import { monotonicFactory, ulid } from 'ulid';
import { clientUploadPrefix, createMultipartLink, extensionOf, presignFilePost } from '../data/file-objects.ts';
import { getUpload } from '../data/job-files.ts';
import { NotFoundError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { mapLimit } from '@studio/shared/map-limit';
import { uploadClosed } from './upload-rules.ts';

/**
 * A link for one file under a key the server chose: a presigned POST up to 100 MB (the policy
 * caps the size declared, the type and the open tag), a multipart upload with a presigned URL per
 * part beyond.
 */
export async function uploadLinkFor(key: string, file: { fileName: string; contentType: string; size: number }) {
  const link: BatchUploadLink = { fileName: file.fileName, key, post: null, multipart: null };
  if (file.size > multipartThresholdBytes) {
    link.multipart = await createMultipartLink(key, file.contentType, file.size);
  } else {
    const { url, fields } = await presignFilePost(key, file.contentType, file.size);
    link.post = { url, fields };
  }
  return link;
}

/**
 * `POST api/upload-links` (#33): links for up to 100 photos of the caller's upload (a new upload
 * without `uploadId`). Another client's upload is unknown (404); one a job was made of is closed
 * (409).
 */
export const createUploadLinksRoute: RouteImpl<'createUploadLinks'> = async ({ body, caller }) => {
  const clientId = caller!.userId;
  if (body.uploadId) {
    const upload = await getUpload(body.uploadId);
    if (upload && upload.clientId !== clientId) throw new NotFoundError('There is no upload with this id.');
    if (upload?.jobId) throw uploadClosed(upload.jobNumber);
  }
  const uploadId = body.uploadId ?? ulid();
  const prefix = clientUploadPrefix(clientId, uploadId);
  // Ids in the order of the files sent, even within one millisecond: the images' upload order.
  const nextId = monotonicFactory();
  const links = await mapLimit(body.files, 8, (file) =>
    uploadLinkFor(`${prefix}${nextId()}.${extensionOf(file.contentType)}`, file),
  );
  return { uploadId, links };
};
