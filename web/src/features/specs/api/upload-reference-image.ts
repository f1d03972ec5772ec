import type { ReferenceImageType } from '@studio/shared/style-spec';
import { apiRequest } from '../../../lib/api-client.ts';
import { postToBucket } from '../../../lib/post-to-bucket.ts';

/**
 * Sends one reference image: a presigned POST from the organisation's route (or the house specs'
 * one when `organisationId` is null), then the file to storage with progress. Answers the id a
 * spec's body then names with the file name.
 */
export async function uploadReferenceImage(
  organisationId: string | null,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const body = { fileName: file.name, contentType: file.type as ReferenceImageType, size: file.size };
  const { referenceImageId, upload } =
    organisationId === null
      ? await apiRequest('createHouseReferenceUploadLink', { body, signal })
      : await apiRequest('createReferenceUploadLink', { params: { id: organisationId }, body, signal });
  await postToBucket(upload, file, onProgress, signal);
  return referenceImageId;
}
