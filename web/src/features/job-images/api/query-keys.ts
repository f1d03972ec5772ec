import type { ImageStatus } from '@studio/shared/images';
import type { Caller } from './call-api.ts';

/**
 * Every query key of a job's images, from the widest to the narrowest. A delivery or a QC decision
 * changes a job's images and the QC board: it refreshes `job(...)` and `qc()`.
 */
export const jobImageKeys = {
  all: ['job-images'] as const,
  job: (caller: Caller, jobId: string) => [...jobImageKeys.all, caller, jobId] as const,
  list: (caller: Caller, jobId: string, status: ImageStatus | null) =>
    [...jobImageKeys.job(caller, jobId), 'list', status ?? 'all'] as const,
  detail: (caller: Caller, jobId: string, imageId: string) =>
    [...jobImageKeys.job(caller, jobId), 'image', imageId] as const,
  qc: () => [...jobImageKeys.all, 'qc'] as const,
};
