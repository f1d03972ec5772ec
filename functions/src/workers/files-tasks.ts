import type { ArchiveSet } from '@studio/shared/job-files';

/**
 * The background work of a job's files, run by the files worker (`files-worker.ts`), which the API
 * invokes asynchronously (Lambda `InvocationType: Event`) so no request waits for it.
 *   keep-photos    re-tags every photo of a new job's upload as part of a job (never expired), or
 *                  of a revision request's reference images
 *   plan-archive   counts a set of the job's files and cuts it into volumes (#33)
 *   build-volume   streams the zip of one volume into S3 (multipart upload)
 *   migrate-job    makes a job's photos and finished files images and versions (#33)
 */
export type FilesTask =
  /** `uploadId`: another upload of the job's client it closed (a revision request's reference images, #17). */
  | { task: 'keep-photos'; jobId: string; uploadId?: string }
  /** #33: count the set and cut it into volumes of at most 2 GB, then start a build-volume each. */
  | { task: 'plan-archive'; jobId: string; set: ArchiveSet; buildId: string }
  /** #33: zip one volume into S3 (multipart upload). */
  | { task: 'build-volume'; jobId: string; set: ArchiveSet; buildId: string; volume: number }
  /** #33: a job's photos and finished files become images and versions (data/image-migration.ts). */
  | { task: 'migrate-job'; jobId: string };
