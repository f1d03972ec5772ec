import type { RouteBody } from '@studio/shared/routes';
import { staffApiRequest } from '../../../lib/staff-api.ts';

/** `POST /api/jobs/{id}/deliverables/upload-link`: a presigned POST for one finished file (staff). */
export function createDeliverableUploadLink(jobId: string, body: RouteBody<'createDeliverableUploadLink'>) {
  return staffApiRequest('createDeliverableUploadLink', { params: { id: jobId }, body }).then(
    (answer) => answer.upload,
  );
}
