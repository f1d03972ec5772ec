import { BadRequestError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { confirmPhotoBatch } from './photo-batch.ts';

/** A refusal of one file, naming it as the client knows it (its name), in the error envelope. */
export function refusedFile(fileName: string, message: string): BadRequestError {
  return new BadRequestError(`${fileName}: ${message}`, [{ path: 'body.key', message: `${fileName}: ${message}` }]);
}

/**
 * `POST api/uploads/{uploadId}/photos`: confirms one photo the client posted with an upload link,
 * as a batch of one (#33: `.../photos/batch` takes 100). The stored file is checked (size, real
 * type from its bytes); a refused file is deleted and the 400 names it. A good one becomes an image
 * of the upload, which counts it; its preview is made by the preview worker, off the request.
 */
export const confirmPhotoRoute: RouteImpl<'confirmPhoto'> = async ({ params, body, caller, log }) => {
  const outcome = await confirmPhotoBatch(caller!.userId, params.uploadId, [body], log);
  const refused = outcome.refused[0];
  if (refused) {
    if (refused.reason.startsWith('the key is not one')) {
      throw new BadRequestError('The request is not valid.', [
        { path: 'body.key', message: 'must be a key the upload link of this upload answered' },
      ]);
    }
    throw refusedFile(refused.fileName, refused.reason);
  }
  const { upload } = outcome;
  return {
    photo: outcome.photos[0]!.photo,
    upload: { uploadId: params.uploadId, photoCount: upload.photoCount, bytes: upload.bytes },
  };
};
