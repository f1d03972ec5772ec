import type { RouteBody, RouteResponse } from '@studio/shared/routes';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/upload-links/complete`: assembles a multipart upload from the parts sent and their ETags. */
export function completeMultipartUpload(
  body: RouteBody<'completeMultipartUpload'>,
  signal?: AbortSignal,
): Promise<RouteResponse<'completeMultipartUpload'>> {
  return apiRequest('completeMultipartUpload', { body, signal });
}
