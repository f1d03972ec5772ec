import { useQueryClient } from '@tanstack/react-query';
import type { uploadImageTypes } from '@studio/shared/upload';
import { ApiError } from '../../../lib/api-client.ts';
import { postToBucket } from '../../../lib/post-to-bucket.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { UploadFailure, uploadFailedError, uploadLinkError, useUploadQueue } from '../../../lib/upload-queue.ts';
import { jobFileKeys } from './query-keys.ts';

function refusal(error: unknown): UploadFailure | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 400) return new UploadFailure(error.issues[0]?.message ?? error.message, false);
  // A cancelled job (409), a job no longer the editor's (404): trying again cannot help.
  if (error.status === 409 || error.status === 404 || error.status === 403)
    return new UploadFailure(error.message, false);
  return null;
}

/**
 * The finished files an editor or a manager delivers to a job: one at a time, each asks for its
 * link (`POST /api/jobs/{id}/deliverables/upload-link`), is posted to storage, then confirmed
 * (`POST /api/jobs/{id}/deliverables`), which checks it as client photos are checked.
 */
export function useDeliverFiles(jobId: string) {
  const queryClient = useQueryClient();
  return useUploadQueue(async (file, { signal, onProgress }) => {
    const fileName = file.name.slice(0, 255) || 'file';
    let upload;
    try {
      ({ upload } = await staffApiRequest('createDeliverableUploadLink', {
        params: { id: jobId },
        body: { fileName, contentType: file.type as keyof typeof uploadImageTypes, size: file.size },
      }));
    } catch (error) {
      throw refusal(error) ?? new UploadFailure(uploadLinkError, true);
    }
    try {
      await postToBucket(upload, file, onProgress, signal);
    } catch {
      throw new UploadFailure(uploadFailedError, true);
    }
    try {
      await staffApiRequest('confirmDeliverable', { params: { id: jobId }, body: { key: upload.key, fileName } });
    } catch (error) {
      throw refusal(error) ?? new UploadFailure('The file could not be checked. Please try again.', true);
    }
    await queryClient.invalidateQueries({ queryKey: jobFileKeys.job('staff', jobId) });
    return {};
  });
}
