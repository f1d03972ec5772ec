import type { VersionKind } from '@studio/shared/image-api';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { jobImageKeys } from './query-keys.ts';
import { sendFinishedFiles } from './send-finished-files.ts';

export interface DeliverOnImageInput {
  jobId: string;
  imageId: string;
  file: File;
  /** `main`: the image's new current version; `extra`: beside it (a layered PSD). */
  kind: VersionKind;
  onProgress?: (percent: number) => void;
}

/**
 * One finished file on one image: sent to storage, then `POST /api/jobs/{id}/images/{imageId}/versions`.
 * The image goes to QC (or to the client with QC off).
 */
export async function deliverOnImage({ jobId, imageId, file, kind, onProgress }: DeliverOnImageInput) {
  const [sent] = await sendFinishedFiles(jobId, [file], (_index, percent) => onProgress?.(percent));
  return staffApiRequest('deliverImageVersion', { params: { id: jobId, imageId }, body: { ...sent!, kind } });
}

export const useDeliverOnImage = () =>
  useInvalidatingMutation({
    mutationFn: deliverOnImage,
    invalidates: ({ jobId }) => [jobImageKeys.job('staff', jobId), jobImageKeys.qc()],
  });

export interface DeliverManyInput {
  jobId: string;
  files: readonly File[];
  onProgress?: (index: number, percent: number) => void;
}

/**
 * Many finished files at once (at most 100): sent to storage, then `POST
 * /api/jobs/{id}/images/deliveries`, each matched to its original by file-name stem. All or
 * nothing: a 400 lists the unmatched files in `details.unmatched`.
 */
export async function deliverMany({ jobId, files, onProgress }: DeliverManyInput) {
  const sent = await sendFinishedFiles(jobId, files, onProgress);
  return staffApiRequest('deliverImages', { params: { id: jobId }, body: { files: sent } });
}

export const useDeliverMany = () =>
  useInvalidatingMutation({
    mutationFn: deliverMany,
    invalidates: ({ jobId }) => [jobImageKeys.job('staff', jobId), jobImageKeys.qc()],
  });
