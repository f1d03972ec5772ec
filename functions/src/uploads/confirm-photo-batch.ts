import type { RouteImpl } from '../lib/http.ts';
import { confirmPhotoBatch } from './photo-batch.ts';

/**
 * `POST api/uploads/{uploadId}/photos/batch` (#33): confirms up to 100 posted photos at once. Each
 * file is checked as stored; those refused (a key of another upload, empty, too large, not an
 * image) are listed by name with the reason and deleted, while the rest are confirmed. Answers at
 * once: previews are made off the request path.
 */
export const confirmPhotoBatchRoute: RouteImpl<'confirmPhotoBatch'> = async ({ params, body, caller, log }) => {
  const outcome = await confirmPhotoBatch(caller!.userId, params.uploadId, body.photos, log);
  return {
    photos: outcome.photos.map((entry) => entry.photo),
    refused: outcome.refused,
    upload: { uploadId: params.uploadId, photoCount: outcome.upload.photoCount, bytes: outcome.upload.bytes },
  };
};
