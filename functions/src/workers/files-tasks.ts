import type { ArchiveSet } from '@studio/shared/job-files';

/**
 * The background work of a job's files, run by the files worker (`files-worker.ts`), which the API
 * invokes asynchronously (Lambda `InvocationType: Event`) so no request waits for it.
 *   keep-photos    re-tags every photo of a new job's upload as part of a job (never expired), or
 *                  of a revision request's reference images
 *   build-archive  streams a zip of a set of the job's files into S3 (multipart upload)
 */
export type FilesTask =
  /** `uploadId`: another upload of the job's client it closed (a revision request's reference images, #17). */
  | { task: 'keep-photos'; jobId: string; uploadId?: string }
  | { task: 'build-archive'; jobId: string; set: ArchiveSet; buildId: string }
  /** #33: a job's photos and finished files become images and versions (data/image-migration.ts). */
  | { task: 'migrate-job'; jobId: string };
