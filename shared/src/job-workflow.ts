import * as z from 'zod/mini';
import { queryInt } from './carousel.ts';
import { cursorSchema, idSchema } from './ids.ts';
import { cloudLinkSchema, instructionsSchema, jobSchema, userIdSchema, type Job, type JobStatus } from './job.ts';
import { jobNeedsKeySchema } from './studio-overview.ts';
import { optionalText } from './text.ts';

/*
 * The staff side of a job: listing, assignment to an editor, progress and the delivery link, and
 * (issue 17) the job lifecycle's one transition table.
 *
 * Status follows the work and the client's answer (docs/decisions/job-lifecycle.md, "Job lifecycle (#17)"):
 *   PENDING             no editor and progress 0
 *   IN_PROGRESS         an editor is assigned or progress > 0, not delivered
 *   DELIVERED           progress 100 with a delivery (a link or delivered files): the client's turn
 *   REVISION_REQUESTED  the client sent the delivery back with notes (a new round)
 *   COMPLETED           the client approved the delivery, or it was auto-approved
 *   CANCELLED           final: the job can no longer change
 * Progress 100 without a delivery is refused, so a job is never delivered with nothing to deliver.
 */

/**
 * Every move a job's status may make in one write, from each status: the one table the server
 * checks before each conditional write, the web app reads to offer actions, and the unit tests
 * walk (every allowed and every refused pair). A status never moves to itself (that is no move).
 *
 * Beyond the chain (PENDING -> IN_PROGRESS -> DELIVERED -> COMPLETED, DELIVERED ->
 * REVISION_REQUESTED -> IN_PROGRESS -> DELIVERED), one staff write may skip IN_PROGRESS (100 %
 * with the delivery at once, from PENDING or REVISION_REQUESTED), staff may reopen a delivery the
 * client has not answered (DELIVERED -> IN_PROGRESS, lowering its progress), and a job nobody is
 * assigned to goes back to PENDING when staff set its progress back to 0. COMPLETED and CANCELLED
 * are final.
 */
export const jobTransitions = {
  PENDING: ['IN_PROGRESS', 'DELIVERED', 'CANCELLED'],
  IN_PROGRESS: ['PENDING', 'DELIVERED', 'CANCELLED'],
  DELIVERED: ['COMPLETED', 'REVISION_REQUESTED', 'IN_PROGRESS', 'CANCELLED'],
  REVISION_REQUESTED: ['IN_PROGRESS', 'DELIVERED', 'CANCELLED'],
  COMPLETED: [],
  CANCELLED: [],
} as const satisfies Record<JobStatus, readonly JobStatus[]>;

/** Whether a job may move from `from` to `to` in one write ({@link jobTransitions}). */
export function canMoveJob(from: JobStatus, to: JobStatus): boolean {
  return (jobTransitions[from] as readonly JobStatus[]).includes(to);
}

/** Statuses where the studio still works on the job (the client's "Ongoing"). */
export const openJobStatuses: readonly JobStatus[] = ['PENDING', 'IN_PROGRESS', 'REVISION_REQUESTED'];

/** Percent done: a whole number 0..100. Strings such as "50" are refused (JSON numbers only). */
export const progressSchema = z
  .int('Progress must be a whole number from 0 to 100.')
  .check(
    z.minimum(0, 'Progress must be a whole number from 0 to 100.'),
    z.maximum(100, 'Progress must be a whole number from 0 to 100.'),
  );

/**
 * The status a staff change leaves a job in, from its status before, whether the change cancels
 * it or touches the work (progress or delivery link), and the job's fields after the change. A
 * change that touches no work (instructions, an editor) keeps a delivered, sent-back or completed
 * job where it is; otherwise status follows the work. Whether the move is allowed is
 * {@link canMoveJob}'s to say.
 */
export function derivedJobStatus(job: {
  status: JobStatus;
  cancelled: boolean;
  /** The change sets progress or the delivery link. */
  touchesWork: boolean;
  editorId: string | null;
  progress: number;
  editorDropboxLink: string | null;
  /** Finished files uploaded to the job. */
  deliverableCount: number;
}): JobStatus {
  if (job.cancelled) return 'CANCELLED';
  const waiting = job.status === 'DELIVERED' || job.status === 'REVISION_REQUESTED' || job.status === 'COMPLETED';
  if (waiting && !job.touchesWork) return job.status;
  if (job.progress === 100 && hasDelivery(job)) return job.status === 'COMPLETED' ? 'COMPLETED' : 'DELIVERED';
  if (job.editorId || job.progress > 0) return 'IN_PROGRESS';
  return 'PENDING';
}

/** Either an external link or files uploaded to the job count as a delivery (issue 15). */
export function hasDelivery(job: { editorDropboxLink: string | null; deliverableCount: number }): boolean {
  return Boolean(job.editorDropboxLink) || job.deliverableCount > 0;
}

export const completeNeedsLinkMessage =
  'Deliver first: upload the finished files or add the delivery link before setting progress to 100 %.';

/** `GET api/jobs` (staff): all jobs newest first, or only the unassigned, unpaid or open ones; paged. */
export const listAllJobsQuerySchema = z.strictObject({
  /** `true`: only jobs no editor is assigned to, cancelled ones left out (the assign page). */
  unassigned: z.optional(z.literal('true')),
  /** Only jobs whose title or description holds this text, ignoring case ({@link jobMatchesSearch}). */
  search: optionalText({ max: 100 }),
  /**
   * Find a job (#40): by its job number (`RS-2026-0007`, exactly), or its client's name or e-mail
   * (each word from its first three letters), through the search index rather than every job; at
   * least 2 characters. Combines with `unpaid` and `search`, not with `open`, `unassigned` or
   * `cursor`: the answer is the first `limit` matches, newest first, in one page.
   */
  q: optionalText({ max: 100 }),
  /** `true`: only jobs still to be paid (no payment, PENDING, FAILED or MISMATCH), cancelled ones left out (#16). */
  unpaid: z.optional(z.literal('true')),
  /**
   * `true`: only the jobs the studio still owes work on ({@link openJobStatuses}) in board order:
   * by due time, the most overdue first, then those with no due time yet (unpaid), oldest first.
   * Not with `unassigned`.
   */
  open: z.optional(z.literal('true')),
  /**
   * One list of the console's "needs action" (#40, item 9; `jobNeedsKeys` in studio-overview.ts):
   * exactly the jobs its count counts, paged by cursor. Alone: not with `unassigned`, `unpaid`,
   * `open`, `q` or `search`.
   */
  needs: z.optional(jobNeedsKeySchema),
  limit: queryInt(1, 200),
  /** The `nextCursor` of the previous page. */
  cursor: z.optional(cursorSchema),
});

/**
 * The texts a job search looks in (spec §5: jobs are searched "by title or description"): a job's
 * title is its service and subservices, its description the client's instructions. A new field
 * worth finding a job by (a job number, the client's name) is added here.
 */
export function jobSearchTexts(job: Job): string[] {
  return [job.serviceName, ...job.subServices.map((sub) => sub.name), job.instructions];
}

/** Whether `search` (trimmed; empty matches every job) is in one of the job's texts, ignoring case. */
export function jobMatchesSearch(job: Job, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || jobSearchTexts(job).some((text) => text.toLowerCase().includes(needle));
}

export const listAllJobsResponseSchema = z.object({
  jobs: z.array(jobSchema),
  /** Present when there are more jobs: send it back as `cursor`. */
  nextCursor: z.nullable(z.string()),
});

/** `GET api/jobs/assigned-jobs` (editor): the caller's jobs, newest first. */
export const listAssignedJobsResponseSchema = z.object({ assignedJobs: z.array(jobSchema) });

/** `PUT api/jobs/{id}/assign`. */
export const assignJobBodySchema = z.strictObject({
  editorId: userIdSchema,
});

/**
 * `PUT api/jobs/{id}` (manager, super-admin). Price-making fields (service, subservices, photos,
 * currency) are fixed once ordered; `status` can only be set to CANCELLED.
 */
export const updateJobBodySchema = z
  .strictObject({
    progress: z.optional(progressSchema),
    instructions: instructionsSchema,
    dropboxLink: z.optional(cloudLinkSchema),
    status: z.optional(z.literal('CANCELLED', 'Only CANCELLED can be set; the other statuses follow the work.')),
  })
  .check(
    z.refine(
      (body) => Object.keys(body).length > 0,
      'Send at least one of progress, instructions, dropboxLink, status.',
    ),
  );
export type UpdateJobBody = z.infer<typeof updateJobBodySchema>;

/** `PUT api/jobs/{id}/editor-update` (the assigned editor). */
export const editorUpdateBodySchema = z
  .strictObject({
    editorDropboxLink: z.optional(cloudLinkSchema),
    progress: z.optional(progressSchema),
  })
  .check(
    z.refine(
      (body) => body.editorDropboxLink !== undefined || body.progress !== undefined,
      'Send the delivery link, the progress, or both.',
    ),
  );
export type EditorUpdateBody = z.infer<typeof editorUpdateBodySchema>;

/** `GET api/admin/editors` (manager, super-admin): the enabled staff in the EDITOR group. */
export const listEditorsResponseSchema = z.object({
  editors: z.array(z.object({ id: z.string(), username: z.string(), email: z.string() })),
});

export const jobIdParamsSchema = z.strictObject({ id: idSchema });

/** `DELETE api/jobs/{id}` (super-admin): only a cancelled job is deleted. */
export const deletedJobResponseSchema = z.object({ message: z.string(), id: idSchema });
