import type { ConfirmPhotoBatchResponse } from '@studio/shared/image-api';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `POST /api/uploads/{uploadId}/photos/batch`: the server checks up to 100 posted photos at once,
 * confirming the good ones and refusing the others by name (a key confirmed before is answered once).
 */
export function confirmPhotoBatch(
  uploadId: string,
  photos: { key: string; fileName: string }[],
  signal?: AbortSignal,
): Promise<ConfirmPhotoBatchResponse> {
  return apiRequest('confirmPhotoBatch', { params: { uploadId }, body: { photos }, signal });
}
