import type { ConfirmPhotoResponse } from '@studio/shared/job-files';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/uploads/{uploadId}/photos`: the server checks one posted photo and counts it in the upload. */
export function confirmPhoto(uploadId: string, key: string, fileName: string): Promise<ConfirmPhotoResponse> {
  return apiRequest('confirmPhoto', { params: { uploadId }, body: { key, fileName } });
}
