import type { Job, JobStatus } from '@studio/shared/job';
import {
  canMoveJob,
  completeNeedsLinkMessage,
  derivedJobStatus,
  hasDelivery,
  type EditorUpdateBody,
  type UpdateJobBody,
} from '@studio/shared/job-workflow';
import type { JobChange } from '../data/job-workflow.ts';
import { ConflictError } from '../lib/errors.ts';

/*
 * The job status rules of docs/decisions/staff-accounts-and-job-workflow.md ("Job status transitions", "Job lifecycle (#17)"), as
 * pure functions so the unit tests walk every case. Each returns the change to write, or throws
 * the 409 that explains why the transition is not allowed. Whether a status may move to another
 * is `jobTransitions` (shared/src/job-workflow.ts), the table the web app and the tests read too.
 */

export const cancelledMessage = 'This job is cancelled; it can no longer change.';
export const completedNotCancellableMessage = 'A completed job cannot be cancelled.';
export const completedNotReassignableMessage = 'A completed job cannot be reassigned.';
export const deliveredNotReassignableMessage = 'A delivered job keeps its editor until the client answers.';
export const completedClosedMessage = 'This job was approved and is complete; it can no longer change.';

const statusWords: Record<JobStatus, string> = {
  PENDING: 'a pending',
  IN_PROGRESS: 'an in-progress',
  DELIVERED: 'a delivered',
  REVISION_REQUESTED: 'a sent-back',
  COMPLETED: 'a completed',
  CANCELLED: 'a cancelled',
};

/** The 409 of a move the transition table refuses, in words a person reads. */
export function refusedMoveMessage(from: JobStatus, to: JobStatus): string {
  if (from === 'CANCELLED') return cancelledMessage;
  if (from === 'COMPLETED') return to === 'CANCELLED' ? completedNotCancellableMessage : completedClosedMessage;
  if (to === 'COMPLETED' || to === 'REVISION_REQUESTED') {
    return 'Only a delivered job waiting for your answer can be approved or sent back.';
  }
  const word = statusWords[from];
  return `${word.charAt(0).toUpperCase()}${word.slice(1)} job cannot become ${to.toLowerCase().replace('_', ' ')}.`;
}

/** Throws the 409 unless the table allows `job` to move to `to` (staying where it is is no move). */
export function assertMove(job: Pick<Job, 'status'>, to: JobStatus): void {
  if (job.status === 'CANCELLED') throw new ConflictError(cancelledMessage);
  if (to !== job.status && !canMoveJob(job.status, to)) throw new ConflictError(refusedMoveMessage(job.status, to));
}

/** Throws the 409 unless the table allows `job` to move to `to`; staying where it is counts as refused. */
export function assertMoveTo(job: Pick<Job, 'status'>, to: JobStatus): void {
  if (!canMoveJob(job.status, to)) throw new ConflictError(refusedMoveMessage(job.status, to));
}

/**
 * A job with images (#33) follows them: its progress is the share delivered, its status moves with
 * their QC and delivery. A staff write may cancel it, assign it, edit its instructions or links;
 * setting progress to anything but what it is would contradict the images (409).
 */
function withImageStatus(job: Job, change: Omit<JobChange, 'status'>, cancelled: boolean): JobChange {
  if (change.progress !== undefined && change.progress !== job.progress) {
    const counts = job.imageCounts!;
    const delivered = counts.DELIVERED + counts.APPROVED + counts.REJECTED;
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    throw new ConflictError(
      `The progress of this job follows its images (${delivered} of ${total} delivered, ${job.progress} %): ` +
        'deliver the images, and their QC moves it.',
    );
  }
  let status = job.status;
  if (cancelled) status = 'CANCELLED';
  else if (status === 'PENDING' && (change.editorId ?? job.editorId)) status = 'IN_PROGRESS';
  assertMove(job, status);
  return { ...change, progress: undefined, status };
}

function withStatus(job: Job, change: Omit<JobChange, 'status'>, cancelled = false): JobChange {
  if (job.imageCounts) return withImageStatus(job, change, cancelled);
  const progress = change.progress ?? job.progress;
  const editorDropboxLink = change.editorDropboxLink ?? job.editorDropboxLink;
  const delivery = { editorDropboxLink, deliverableCount: job.deliverableCount };
  if (!cancelled && progress === 100 && !hasDelivery(delivery)) throw new ConflictError(completeNeedsLinkMessage);
  const status = derivedJobStatus({
    status: job.status,
    cancelled,
    touchesWork: change.progress !== undefined || change.editorDropboxLink !== undefined,
    editorId: change.editorId ?? job.editorId,
    progress,
    ...delivery,
  });
  assertMove(job, status);
  return { ...change, status };
}

/** `PUT api/jobs/{id}` by a manager or super-admin. */
export function planManagerUpdate(job: Job, body: UpdateJobBody): JobChange {
  return withStatus(
    job,
    { progress: body.progress, instructions: body.instructions, dropboxLink: body.dropboxLink },
    body.status === 'CANCELLED',
  );
}

/** `PUT api/jobs/{id}/assign`: (re)assigns an open job; the editor was checked by the route. */
export function planAssignment(job: Job, editorId: string): JobChange {
  if (job.status === 'CANCELLED') throw new ConflictError(cancelledMessage);
  if (job.status === 'COMPLETED') throw new ConflictError(completedNotReassignableMessage);
  if (job.status === 'DELIVERED') throw new ConflictError(deliveredNotReassignableMessage);
  return withStatus(job, { editorId });
}

/** `PUT api/jobs/{id}/editor-update` by the assigned editor. */
export function planEditorUpdate(job: Job, body: EditorUpdateBody): JobChange {
  return withStatus(job, { progress: body.progress, editorDropboxLink: body.editorDropboxLink });
}
