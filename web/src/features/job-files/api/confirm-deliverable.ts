import type { RouteBody } from '@studio/shared/routes';
import { staffApiRequest } from '../../../lib/staff-api.ts';

/** `POST /api/jobs/{id}/deliverables`: the server checks a posted finished file and counts it (staff). */
export function confirmDeliverable(jobId: string, body: RouteBody<'confirmDeliverable'>) {
  return staffApiRequest('confirmDeliverable', { params: { id: jobId }, body });
}
