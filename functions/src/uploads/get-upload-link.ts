import { presignPhotoUpload } from '../data/uploads.ts';
import type { RouteImpl } from '../lib/http.ts';

export const getUploadLinkRoute: RouteImpl<'getUploadLink'> = async ({ query, caller }) => ({
  uploadurl: await presignPhotoUpload({
    // Route access is CLIENT only, so a caller is always present.
    userId: caller!.userId,
    uploadId: query.uploadId,
    contentType: query.contentType,
    size: query.size,
  }),
});
