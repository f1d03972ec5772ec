import type { uploadImageTypes } from '@studio/shared/upload';
import { ApiError } from '../../../lib/api-client.ts';
import { postToBucket } from '../../../lib/post-to-bucket.ts';
import { UploadFailure, uploadFailedError, uploadLinkError, useUploadQueue } from '../../../lib/upload-queue.ts';
import { confirmPhoto } from '../api/confirm-photo.ts';
import { getUploadLink } from '../api/get-upload-link.ts';

export const confirmFailedError = 'The photo could not be checked. Please try again.';

/** The server's reason for a 400 (it names the file), or null. */
function refusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  return error.issues[0]?.message ?? error.message;
}

/**
 * A quote's photos: each file gets its link (the first names the upload the others join), is
 * posted to storage, then confirmed; the server's checks (empty, too large, not a photo, damaged)
 * refuse it by name, and only confirmed photos are counted and billed.
 */
export function usePhotoUploads() {
  return useUploadQueue(async (file, { uploadId, signal, onProgress }) => {
    let link;
    try {
      link = await getUploadLink({
        fileName: file.name.slice(0, 255) || 'photo',
        contentType: file.type as keyof typeof uploadImageTypes,
        size: file.size,
        ...(uploadId ? { uploadId } : {}),
      });
    } catch (error) {
      const reason = refusal(error);
      // A closed upload (409) cannot take the file either: say so, no retry.
      if (error instanceof ApiError && error.status === 409) throw new UploadFailure(error.message, false);
      throw new UploadFailure(reason ?? uploadLinkError, reason === null);
    }
    try {
      await postToBucket(link, file, onProgress, signal);
    } catch {
      throw new UploadFailure(uploadFailedError, true);
    }
    try {
      await confirmPhoto(link.uploadId, link.key, file.name.slice(0, 255) || 'photo');
    } catch (error) {
      const reason = refusal(error);
      if (error instanceof ApiError && error.status === 409) throw new UploadFailure(error.message, false);
      throw new UploadFailure(reason ?? confirmFailedError, reason === null);
    }
    return { uploadId: link.uploadId };
  });
}
