import type { Job } from '@studio/shared/job';
import { getJob } from '../data/jobs.ts';
import type { Caller } from '../lib/caller.ts';
import { ConflictError, ForbiddenError } from '../lib/errors.ts';
import { assertJobPermission } from '../jobs/access.ts';
import { finishedWorkVisible } from '../jobs/job-view.ts';

/*
 * Item rules of a job's files (docs/access.md): the job's owner, its assigned editor, managers and
 * super-admins read them; the assigned editor, managers and super-admins deliver. Anyone else gets
 * the 404 of a job that does not exist, as for the job itself.
 */

/**
 * The job, if the caller may read its files (or, with `permission`, take a client's action on
 * them: `review`); otherwise the 404 of an unknown job, or the 403 of a role that may not.
 */
export async function readableJob(caller: Caller, id: string, permission: 'read' | 'review' = 'read'): Promise<Job> {
  const job = await assertJobPermission(caller, await getJob(id), permission);
  return job;
}

/** The job, if the caller may deliver files to it (not a cancelled one: 409). */
export async function deliverableJob(caller: Caller, id: string): Promise<Job> {
  const job = await readableJob(caller, id);
  if (job.status === 'CANCELLED') throw cancelledDelivery();
  return job;
}

export const cancelledDelivery = () => new ConflictError('This job was cancelled, so nothing can be delivered to it.');

/** Said to a client asking for finished files the studio keeps until payment. */
export const deliverablesNotReleasedText =
  'The finished files of this job are released once it is paid. Pay the job to download them.';

/**
 * Refuses a client the finished files until they are released (403: the job is theirs, the files
 * are not yet), by the one rule of what a principal sees of a job (`jobVisibility`, job-view.ts):
 * the list, the links and the archive all ask here.
 */
export async function assertMayDownloadDeliverables(caller: Caller, job: Job): Promise<void> {
  if (!(await finishedWorkVisible(caller.principal, job))) throw new ForbiddenError(deliverablesNotReleasedText);
}
