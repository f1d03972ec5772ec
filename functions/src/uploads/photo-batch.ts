import type { RefusedFile } from '@studio/shared/image-api';
import { maxFileBytes } from '@studio/shared/images';
import type { ConfirmedPhoto } from '@studio/shared/job-files';
import { checkPostedFile, clientUploadPrefix, deleteObjects, type FileCheck } from '../data/file-objects.ts';
import { confirmImages, type ImageItem } from '../data/images.ts';
import { getUpload, type StoredFile, type Upload } from '../data/job-files.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import { startPreviewTask } from '../lib/files-worker-client.ts';
import type { Logger } from '../lib/observability.ts';
import { mapLimit } from '@studio/shared/map-limit';
import { uploadClosed } from './upload-rules.ts';

/*
 * Confirming posted photos into an upload (#15, in batches since #33): each file is checked as
 * stored (size, real type by its first bytes) and refused by name when it fails, deleted; the good
 * ones become images of the upload in one transaction per 99 (data/images.ts), and the preview
 * worker is asked for their previews, off the request path.
 */

const photoKeyPattern = /^[0-9A-HJKMNP-TV-Z]{26}\.(jpg|png|webp|tif|heic|heif)$/;

/** S3 checks in flight while a batch is confirmed. */
const checkConcurrency = 16;

/** What is wrong with a posted file, in the words the client reads (the file is named before). */
export function refusalText(check: Exclude<FileCheck<string>, { ok: true }>): string {
  switch (check.reason) {
    case 'missing':
      return 'nothing was uploaded with this key (or it was refused and deleted). Upload it again.';
    case 'empty':
      return 'the file is empty (0 bytes), so it was not kept.';
    case 'too-large':
      return `the file is larger than ${maxFileBytes / 1024 / 1024} MB, so it was not kept.`;
    case 'not-an-image':
      return 'the file is not a JPEG, PNG, WebP, TIFF or HEIC photo, so it was not kept.';
  }
}

export const foreignKeyText = 'the key is not one the upload links of this upload answered, so it was not confirmed.';

export interface BatchOutcome {
  upload: Upload;
  /** In the order sent (a key sent twice is answered once). */
  photos: { key: string; photo: ConfirmedPhoto }[];
  refused: RefusedFile[];
}

export function toConfirmedPhoto(image: ImageItem): ConfirmedPhoto {
  return {
    id: image.id,
    fileName: image.fileName,
    size: image.size,
    contentType: image.contentType,
    hasThumbnail: image.thumbnailKey !== null,
    preview: image.preview,
  };
}

/**
 * Confirms posted photos of the caller's upload. Refused files are listed by name, and deleted when
 * they are the caller's; a closed upload (409), another client's (404) or a full one (409) refuses
 * the whole call, deleting what it posted.
 */
export async function confirmPhotoBatch(
  clientId: string,
  uploadId: string,
  photos: readonly { key: string; fileName: string }[],
  log: Logger,
): Promise<BatchOutcome> {
  const prefix = clientUploadPrefix(clientId, uploadId);
  const unique = photos.filter((photo, index) => photos.findIndex((p) => p.key === photo.key) === index);
  const refused: RefusedFile[] = [];
  const checked = await mapLimit(unique, checkConcurrency, async (photo) => {
    const name = photo.key.startsWith(prefix) ? photo.key.slice(prefix.length) : '';
    if (!photoKeyPattern.test(name)) {
      refused.push({ ...photo, reason: foreignKeyText });
      return null;
    }
    const check = await checkPostedFile(photo.key);
    if (!check.ok) {
      if (check.reason !== 'missing') await deleteObjects([photo.key]);
      refused.push({ ...photo, reason: refusalText(check) });
      return null;
    }
    const file: StoredFile = {
      id: name.slice(0, 26),
      key: photo.key,
      fileName: photo.fileName,
      size: check.size,
      contentType: check.contentType,
      thumbnailKey: null,
      createdAt: new Date().toISOString(),
    };
    return file;
  });
  const files = checked.filter((file): file is StoredFile => file !== null);
  if (files.length === 0) {
    return { upload: await uploadOrEmpty(clientId, uploadId), photos: [], refused: inOrder(refused, photos) };
  }
  const result = await confirmImages(clientId, uploadId, files);
  switch (result.kind) {
    case 'foreign':
      throw new NotFoundError('There is no upload with this id.');
    case 'closed':
      // Posted after the job was made: they join nothing, so they are not kept.
      await deleteNew(files, result.existing);
      throw uploadClosed(result.upload.jobNumber);
    case 'full':
      await deleteNew(files, result.existing);
      throw new ConflictError('This upload holds as many photos as a job can take. Start another quote for the rest.');
    case 'confirmed':
      break;
  }
  if (result.added.length > 0) {
    // Off the request path: a failed start leaves the previews PENDING, and reading the job's
    // images asks again for those still pending after a few minutes.
    await startPreviewTask({
      task: 'previews',
      items: result.added.map((image) => ({
        kind: 'original',
        uploadId,
        imageId: image.id,
        key: image.key,
        contentType: image.contentType,
      })),
    }).catch((error: unknown) => log.error('could not start the preview worker', { uploadId, error: String(error) }));
  }
  const byId = new Map([...result.added, ...result.existing].map((image) => [image.id, image]));
  return {
    upload: result.upload,
    photos: files.flatMap((file) => {
      const image = byId.get(file.id);
      return image ? [{ key: file.key, photo: toConfirmedPhoto(image) }] : [];
    }),
    refused: inOrder(refused, photos),
  };
}

async function deleteNew(files: readonly StoredFile[], existing: readonly ImageItem[]) {
  await deleteObjects(files.filter((file) => !existing.some((image) => image.id === file.id)).map((f) => f.key));
}

/** Refusals in the order the files were sent. */
function inOrder(refused: RefusedFile[], photos: readonly { key: string }[]): RefusedFile[] {
  return [...refused].sort(
    (a, b) => photos.findIndex((p) => p.key === a.key) - photos.findIndex((p) => p.key === b.key),
  );
}

async function uploadOrEmpty(clientId: string, uploadId: string): Promise<Upload> {
  const upload = await getUpload(uploadId);
  if (upload && upload.clientId !== clientId) throw new NotFoundError('There is no upload with this id.');
  return (
    upload ?? {
      uploadId,
      clientId,
      photoCount: 0,
      imageCount: 0,
      bytes: 0,
      createdAt: new Date().toISOString(),
      jobId: null,
      jobNumber: null,
    }
  );
}
