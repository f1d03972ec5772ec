import type { QcDecisionBody } from '@studio/shared/image-api';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { jobImageKeys } from './query-keys.ts';

export interface QcInput {
  jobId: string;
  imageId: string;
  body: QcDecisionBody;
}

/** `PUT /api/jobs/{id}/images/{imageId}/qc`: PASS (the client gets the version) or FAIL with a note. */
export function decideQc({ jobId, imageId, body }: QcInput) {
  return staffApiRequest('decideImageQc', { params: { id: jobId, imageId }, body });
}

export const useDecideQc = () =>
  useInvalidatingMutation({
    mutationFn: decideQc,
    invalidates: ({ jobId }) => [jobImageKeys.qc(), jobImageKeys.job('staff', jobId)],
  });
