import type { RouteQuery } from '@studio/shared/routes';
import type { UploadLink } from '@studio/shared/upload';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/get-upload-link`: a presigned POST for one photo; the first answer names the upload the next files join. */
export async function getUploadLink(query: RouteQuery<'getUploadLink'>): Promise<UploadLink> {
  const { uploadurl } = await apiRequest('getUploadLink', { query });
  return uploadurl;
}
