import { documentExtensionOf } from '@studio/shared/job-application';
import { presignApplicationUpload } from '../data/application-files.ts';
import type { RouteImpl } from '../lib/http.ts';
import { requireActiveOpening } from './opening-check.ts';

/** A presigned POST for one resume or cover letter, only for an opening that takes applications. */
export const createApplicationUploadLinkRoute: RouteImpl<'createApplicationUploadLink'> = async ({ body }) => {
  await requireActiveOpening(body.jobOpeningId);
  // The schema accepted the name only with one of these extensions.
  const extension = documentExtensionOf(body.fileName)!;
  return { uploadurl: await presignApplicationUpload({ extension, size: body.size }) };
};
