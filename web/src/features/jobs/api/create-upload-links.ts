import type { CreateUploadLinksResponse } from '@studio/shared/image-api';
import type { RouteBody } from '@studio/shared/routes';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `POST /api/upload-links`: a link for each of up to 100 photos, in the order sent (a presigned
 * POST, or a multipart upload past 100 MB); without `uploadId` it starts the upload the next calls join.
 */
export function createUploadLinks(
  body: RouteBody<'createUploadLinks'>,
  signal?: AbortSignal,
): Promise<CreateUploadLinksResponse> {
  return apiRequest('createUploadLinks', { body, signal });
}
