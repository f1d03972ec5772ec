import type { Job } from '@studio/shared/job';
import type { Caller } from '../lib/caller.ts';
import { ConflictError } from '../lib/errors.ts';
import { startFilesTask } from '../lib/files-worker-client.ts';
import type { Logger } from '../lib/observability.ts';
import { deliverableJob, readableJob } from '../job-files/access.ts';
import { finishedWorkVisible } from '../jobs/job-view.ts';

/*
 * Item rules of a job's images (docs/access.md, #33): the same as its files (#15). The owner, the
 * assigned editor, managers and super-admins read them (anyone else the 404 of an unknown job); the
 * assigned editor, managers and super-admins deliver. A client sees finished versions only once
 * they are released: passed QC (or delivered with QC off) and the job's finished work released to
 * the client (`finishedWorkVisible`, the one rule of what a principal sees of a job, job-view.ts).
 */

/** A job made of uploaded photos whose images are counted; otherwise a 409 that says why. */
async function withImages(job: Job, log: Logger): Promise<Job & { uploadId: string }> {
  if (!job.uploadId) {
    throw new ConflictError('This job was sent as a link: it has no uploaded images.');
  }
  if (!job.imageCounts) {
    // Photos from before images existed: the worker migrates the job (pattern 75); ask again.
    await startFilesTask({ task: 'migrate-job', jobId: job.id }).catch((error: unknown) =>
      log.error('could not start migrating a job', { jobId: job.id, error: String(error) }),
    );
    throw new ConflictError('The images of this job are being prepared. Try again in a minute.');
  }
  return job as Job & { uploadId: string };
}

/** The job, if the caller may read its images (or, with `review`, review them) and it has them. */
export async function imageJob(caller: Caller, id: string, log: Logger, permission: 'read' | 'review' = 'read') {
  return withImages(await readableJob(caller, id, permission), log);
}

/** The job, if the caller may deliver to it (not cancelled) and it has images. */
export async function deliveryImageJob(caller: Caller, id: string, log: Logger) {
  return withImages(await deliverableJob(caller, id), log);
}

/** Whether the caller may see the finished versions released to the client (staff always may). */
export function finishedVersionsVisible(caller: Caller, job: Job): Promise<boolean> {
  return finishedWorkVisible(caller.principal, job);
}
