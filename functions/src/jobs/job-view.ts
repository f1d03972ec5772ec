import type { Job } from '@studio/shared/job';
import { isPaid, type HistoryEntry } from '@studio/shared/payment';
import type { Principal } from '@studio/shared/access';
import { paymentAllowsRelease, type StudioSettingsFields } from '@studio/shared/studio-settings';
import { getStudioSettings } from '../data/settings.ts';

/*
 * What of a job each principal may see (docs/access.md, "What each role sees of a job"). One
 * function decides it, `jobVisibility`; every answer that carries a job, its timeline or an e-mail
 * about its delivery asks it, through `jobFor`, `jobsFor`, `timelineFor` and `finishedWorkVisible`:
 *   - managers and super-admins see everything;
 *   - the client sees its job, but the finished work (the delivery link, the finished files) only
 *     once it is released: the job paid, or the studio's setting "release delivered files before
 *     payment" on;
 *   - the assigned editor sees what the work needs (the client's name, the instructions, the
 *     client's photos and link, the finished files), not the payment (its state, references and
 *     the payment entries of the timeline) nor the client's contact details.
 * Whether the caller may read the job at all is the item rule (`mayReadJob`, access.ts), checked
 * before.
 */

type ReleaseSetting = Pick<StudioSettingsFields, 'releaseFilesBeforePayment'>;

export interface JobVisibility {
  /** The finished work: the delivery link, the finished files and their archive. */
  finishedWork: boolean;
  /** The payment: its state on the job and the payment entries of the timeline. */
  payment: boolean;
  /** The client's contact details (the e-mail copied onto the job). */
  clientContact: boolean;
}

/**
 * Whether a job's finished work is released to its client: once the job is paid (#16: PAID, or
 * paid and then refunded in part or in full), or before payment when the studio's setting says
 * so (default off). `paymentAllowsRelease` (shared/src/studio-settings.ts) is its payment side.
 */
export function deliverablesReleased(job: Pick<Job, 'payment'>, settings: ReleaseSetting): boolean {
  return paymentAllowsRelease(isPaid(job.payment), settings);
}

/** The one rule: what of this job a principal (who may read it) sees. */
export function jobVisibility(
  principal: Principal,
  job: Pick<Job, 'payment'>,
  settings: ReleaseSetting,
): JobVisibility {
  switch (principal) {
    case 'SUPER_ADMIN':
    case 'MANAGER':
      return { finishedWork: true, payment: true, clientContact: true };
    case 'EDITOR':
      return { finishedWork: true, payment: false, clientContact: false };
    case 'CLIENT':
      return { finishedWork: deliverablesReleased(job, settings), payment: true, clientContact: true };
  }
}

/** The job as a principal with this visibility sees it. */
export function jobSeenAs(visibility: JobVisibility, job: Job): Job {
  if (visibility.finishedWork && visibility.payment && visibility.clientContact) return job;
  return {
    ...job,
    ...(visibility.finishedWork ? {} : { editorDropboxLink: null }),
    ...(visibility.payment ? {} : { payment: null }),
    ...(visibility.clientContact || !job.client ? {} : { client: { name: job.client.name, email: null } }),
  };
}

/** The timeline entries a principal with this visibility sees. */
export function timelineSeenAs(visibility: JobVisibility, entries: HistoryEntry[]): HistoryEntry[] {
  return visibility.payment ? entries : entries.filter((entry) => entry.kind !== 'payment');
}

/** Only a client of an unpaid job depends on the studio's settings: read them then, once. */
function settingsReader(): () => Promise<ReleaseSetting> {
  let settings: Promise<ReleaseSetting> | undefined;
  return () => (settings ??= getStudioSettings());
}

async function visibilityOf(
  principal: Principal,
  job: Pick<Job, 'payment'>,
  settings: () => Promise<ReleaseSetting>,
): Promise<JobVisibility> {
  const needsSettings = principal === 'CLIENT' && !isPaid(job.payment);
  return jobVisibility(principal, job, needsSettings ? await settings() : { releaseFilesBeforePayment: false });
}

/** One job as the caller sees it. */
export async function jobFor(caller: { principal: Principal }, job: Job): Promise<Job> {
  return jobSeenAs(await visibilityOf(caller.principal, job, settingsReader()), job);
}

/** A list of jobs as the caller sees them (the studio's settings read at most once). */
export async function jobsFor(caller: { principal: Principal }, jobs: Job[]): Promise<Job[]> {
  const settings = settingsReader();
  return Promise.all(jobs.map(async (job) => jobSeenAs(await visibilityOf(caller.principal, job, settings), job)));
}

/** A job's timeline as the caller sees it. */
export async function timelineFor(
  caller: { principal: Principal },
  job: Job,
  entries: HistoryEntry[],
): Promise<HistoryEntry[]> {
  return timelineSeenAs(await visibilityOf(caller.principal, job, settingsReader()), entries);
}

/** Whether the principal may have the job's finished work (its files, their archive, a delivery e-mail's link). */
export async function finishedWorkVisible(principal: Principal, job: Pick<Job, 'payment'>): Promise<boolean> {
  return (await visibilityOf(principal, job, settingsReader())).finishedWork;
}
