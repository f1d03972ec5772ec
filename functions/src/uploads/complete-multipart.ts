import { bucketDefinitions } from '@studio/shared/platform';
import { completeMultipart } from '../data/file-objects.ts';
import { BadRequestError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { deliverableJob } from '../job-files/access.ts';

const fileName = '[0-9A-HJKMNP-TV-Z]{26}\\.[a-z]{3,4}';
const clientKey = new RegExp(
  `^${bucketDefinitions.uploads.clientUploadPrefix}([^/]+)/[0-9A-HJKMNP-TV-Z]{26}/${fileName}$`,
);
const finishedKey = new RegExp(`^${bucketDefinitions.uploads.deliverablePrefix}([0-9A-HJKMNP-TV-Z]{26})/${fileName}$`);

const notYours = () =>
  new BadRequestError('The request is not valid.', [
    { path: 'body.key', message: 'must be a key an upload link answered to you' },
  ]);

/**
 * `POST api/upload-links/complete` (#33): assembles a file sent as a multipart upload from its
 * parts. A client completes only keys of its own uploads; staff only finished files of a job they
 * may deliver to (the assigned editor, managers). Then the file is confirmed like a posted one.
 */
export const completeMultipartRoute: RouteImpl<'completeMultipartUpload'> = async ({ body, caller }) => {
  if (caller!.principal === 'CLIENT') {
    if (clientKey.exec(body.key)?.[1] !== caller!.userId) throw notYours();
  } else {
    const jobId = finishedKey.exec(body.key)?.[1];
    if (!jobId) throw notYours();
    await deliverableJob(caller!, jobId);
  }
  const result = await completeMultipart(body.key, body.multipartUploadId, body.parts);
  if (!result.ok)
    throw new BadRequestError(result.reason, [{ path: 'body.multipartUploadId', message: result.reason }]);
  return { key: body.key, size: result.size };
};
