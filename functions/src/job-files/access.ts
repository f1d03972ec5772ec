import type { Job } from '@studio/shared/job';
import { isPaid } from '@studio/shared/payment';
import { paymentAllowsRelease, type StudioSettingsFields } from '@studio/shared/studio-settings';
import { getJob } from '../data/jobs.ts';
import { getStudioSettings } from '../data/settings.ts';
import type { Caller } from '../lib/caller.ts';
import { ConflictError, ForbiddenError } from '../lib/errors.ts';
import { jobNotFound, mayReadJob } from '../jobs/access.ts';

/*
 * Item rules of a job's files (docs/access.md): the job's owner, its assigned editor, managers and
 * super-admins read them; the assigned editor, managers and super-admins deliver. Anyone else gets
 * the 404 of a job that does not exist, as for the job itself.
 */

/** The job, if the caller may read its files; otherwise the 404 of an unknown job. */
export async function readableJob(caller: Caller, id: string): Promise<Job> {
  const job = await getJob(id);
  if (!job || !mayReadJob(caller, job)) throw jobNotFound();
  return job;
}

/** The job, if the caller may deliver files to it (not a cancelled one: 409). */
export async function deliverableJob(caller: Caller, id: string): Promise<Job> {
  const job = await readableJob(caller, id);
  if (job.status === 'CANCELLED') throw cancelledDelivery();
  return job;
}

export const cancelledDelivery = () => new ConflictError('This job was cancelled, so nothing can be delivered to it.');

/**
 * Whether the client may download a job's finished files: once the job is paid (#16: PAID, or
 * paid and then refunded in part or in full), or before payment when the studio's setting
 * "release delivered files before payment" is on (default off). Staff always may. The one place
 * that decides it: the list, the links and the archive all ask here, with `paymentAllowsRelease`
 * (shared/src/studio-settings.ts) as the payment side of the rule.
 */
export function deliverablesReleased(
  job: Pick<Job, 'payment'>,
  settings: Pick<StudioSettingsFields, 'releaseFilesBeforePayment'>,
): boolean {
  return paymentAllowsRelease(isPaid(job.payment), settings);
}

/** Said to a client asking for finished files the studio keeps until payment. */
export const deliverablesNotReleasedText =
  'The finished files of this job are released once it is paid. Pay the job to download them.';

/**
 * Refuses a client the finished files until they are released (403: the job is theirs, the files
 * are not yet). Reads the studio's settings only for a client of an unpaid job.
 */
export async function assertMayDownloadDeliverables(caller: Caller, job: Job): Promise<void> {
  if (caller.principal !== 'CLIENT' || isPaid(job.payment)) return;
  if (!deliverablesReleased(job, await getStudioSettings())) throw new ForbiddenError(deliverablesNotReleasedText);
}
