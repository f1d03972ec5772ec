import { useQueryClient } from '@tanstack/react-query';
import type { uploadImageTypes } from '@studio/shared/upload';
import { ApiError } from '../../../lib/api-client.ts';
import { postToBucket } from '../../../lib/post-to-bucket.ts';
import { UploadFailure, uploadFailedError, uploadLinkError, useUploadQueue } from '../../../lib/upload-queue.ts';
import { confirmDeliverable } from './confirm-deliverable.ts';
import { createDeliverableUploadLink } from './create-deliverable-upload-link.ts';
import { jobFileKeys } from './query-keys.ts';
import { refreshQueries } from '../../../lib/use-invalidating-mutation.ts';

function refusal(error: unknown): UploadFailure | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 400) return new UploadFailure(error.issues[0]?.message ?? error.message, false);
  // A cancelled job (409), a job no longer the editor's (404): trying again cannot help.
  if (error.status === 409 || error.status === 404 || error.status === 403)
    return new UploadFailure(error.message, false);
  return null;
}

/**
 * The finished files an editor or a manager delivers to a job: the flow over two endpoints (each
 * in its own file). One file at a time asks for its link (`create-deliverable-upload-link.ts`), is
 * posted to storage, then confirmed (`confirm-deliverable.ts`), which checks it as client photos
 * are checked; the job's finished files are then read again.
 */
export function useDeliverFiles(jobId: string) {
  const queryClient = useQueryClient();
  return useUploadQueue(async (file, { signal, onProgress }) => {
    const fileName = file.name.slice(0, 255) || 'file';
    let upload;
    try {
      upload = await createDeliverableUploadLink(jobId, {
        fileName,
        contentType: file.type as keyof typeof uploadImageTypes,
        size: file.size,
      });
    } catch (error) {
      throw refusal(error) ?? new UploadFailure(uploadLinkError, true);
    }
    try {
      await postToBucket(upload, file, onProgress, signal);
    } catch {
      throw new UploadFailure(uploadFailedError, true);
    }
    try {
      await confirmDeliverable(jobId, { key: upload.key, fileName });
    } catch (error) {
      throw refusal(error) ?? new UploadFailure('The file could not be checked. Please try again.', true);
    }
    await refreshQueries(queryClient, jobFileKeys.job('staff', jobId));
    return {};
  });
}
