import { maxUploadBytes } from '@studio/shared/upload';
import {
  checkPostedFile,
  clientUploadPrefix,
  deleteObjects,
  putThumbnail,
  readFile,
  thumbnailKeyOf,
  type FileCheck,
} from '../data/file-objects.ts';
import { addPhoto, type StoredFile } from '../data/job-files.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { makeThumbnail } from '../lib/thumbnail.ts';
import { uploadClosed } from './upload-rules.ts';

const photoKeyPattern = /^[0-9A-HJKMNP-TV-Z]{26}\.(jpg|png|webp|tif|heic|heif)$/;

/** A refusal of one file, naming it as the client knows it (its name), in the error envelope. */
export function refusedFile(fileName: string, message: string): BadRequestError {
  return new BadRequestError(`${fileName}: ${message}`, [{ path: 'body.key', message: `${fileName}: ${message}` }]);
}

/** What is wrong with a posted file, in the words the client reads (the file is named before). */
export function refusalText(check: Exclude<FileCheck, { ok: true }>): string {
  switch (check.reason) {
    case 'missing':
      return 'nothing was uploaded with this key (or it was refused and deleted). Upload it again.';
    case 'empty':
      return 'the file is empty (0 bytes), so it was not kept.';
    case 'too-large':
      return `the file is larger than ${maxUploadBytes / 1024 / 1024} MB, so it was not kept.`;
    case 'not-an-image':
      return 'the file is not a JPEG, PNG, WebP, TIFF or HEIC photo, so it was not kept.';
  }
}

/**
 * `POST api/uploads/{uploadId}/photos`: confirms one photo the client posted with an upload link.
 * The stored file is checked (size, real type from its bytes, and that it decodes); a refused file
 * is deleted and the 400 names it. A good one gets a preview when sharp can decode it (not HEIC)
 * and is recorded under the upload, which counts it; a job made of the upload bills that count.
 */
export const confirmPhotoRoute: RouteImpl<'confirmPhoto'> = async ({ params, body, caller }) => {
  const clientId = caller!.userId;
  const prefix = clientUploadPrefix(clientId, params.uploadId);
  const name = body.key.startsWith(prefix) ? body.key.slice(prefix.length) : '';
  if (!photoKeyPattern.test(name)) {
    throw new BadRequestError('The request is not valid.', [
      { path: 'body.key', message: 'must be a key the upload link of this upload answered' },
    ]);
  }
  const photoId = name.slice(0, 26);
  const check = await checkPostedFile(body.key);
  if (!check.ok) {
    if (check.reason !== 'missing') await deleteObjects([body.key]);
    throw refusedFile(body.fileName, refusalText(check));
  }
  const thumbnail = await makeThumbnail(await readFile(body.key), check.contentType);
  if (thumbnail.kind === 'undecodable') {
    await deleteObjects([body.key]);
    throw refusedFile(body.fileName, 'the file is damaged and cannot be read as a photo, so it was not kept.');
  }
  const thumbnailKey = thumbnail.kind === 'made' ? thumbnailKeyOf(body.key) : null;
  if (thumbnail.kind === 'made') await putThumbnail(thumbnailKey!, thumbnail.body);

  const photo: StoredFile = {
    id: photoId,
    key: body.key,
    fileName: body.fileName,
    size: check.size,
    contentType: check.contentType,
    thumbnailKey,
    createdAt: new Date().toISOString(),
  };
  const result = await addPhoto(clientId, params.uploadId, photo);
  switch (result.kind) {
    case 'added':
    case 'exists': {
      const stored = result.kind === 'exists' ? result.photo : photo;
      return {
        photo: {
          id: stored.id,
          fileName: stored.fileName,
          size: stored.size,
          contentType: stored.contentType,
          hasThumbnail: stored.thumbnailKey !== null,
        },
        upload: { uploadId: params.uploadId, photoCount: result.upload.photoCount, bytes: result.upload.bytes },
      };
    }
    case 'closed':
      // Posted after the job was made: it joins nothing, so it is not kept.
      await deleteObjects([body.key, ...(thumbnailKey ? [thumbnailKey] : [])]);
      throw uploadClosed(result.upload.jobNumber);
    case 'full':
      await deleteObjects([body.key, ...(thumbnailKey ? [thumbnailKey] : [])]);
      throw new ConflictError('This upload holds as many photos as a job can take. Start another quote for the rest.');
    case 'foreign':
      throw new NotFoundError('There is no upload with this id.');
  }
};
