import type { ArchiveSet } from '@studio/shared/job-files';

import type { Caller } from '../../../lib/call-as.ts';

export type { Caller };

/** Every query key of this feature, from the widest to the narrowest. */
export const jobFileKeys = {
  all: ['job-files'] as const,
  job: (caller: Caller, jobId: string) => [...jobFileKeys.all, caller, jobId] as const,
  photos: (caller: Caller, jobId: string) => [...jobFileKeys.job(caller, jobId), 'photos'] as const,
  deliverables: (caller: Caller, jobId: string) => [...jobFileKeys.job(caller, jobId), 'deliverables'] as const,
  archive: (caller: Caller, jobId: string, set: ArchiveSet) =>
    [...jobFileKeys.job(caller, jobId), 'archive', set] as const,
  detail: (caller: Caller, jobId: string) => [...jobFileKeys.job(caller, jobId), 'detail'] as const,
};
