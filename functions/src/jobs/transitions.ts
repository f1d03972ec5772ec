import type { Job } from '@studio/shared/job';
import {
  completeNeedsLinkMessage,
  derivedJobStatus,
  hasDelivery,
  type EditorUpdateBody,
  type UpdateJobBody,
} from '@studio/shared/job-workflow';
import type { JobChange } from '../data/job-workflow.ts';
import { ConflictError } from '../lib/errors.ts';

/*
 * The job status rules of docs/decisions.md ("Job status transitions"), as pure functions so the
 * unit tests walk every case. Each returns the change to write, or throws the 409 that explains why
 * the transition is not allowed.
 */

export const cancelledMessage = 'This job is cancelled; it can no longer change.';
export const completedNotCancellableMessage = 'A completed job cannot be cancelled.';
export const completedNotReassignableMessage = 'A completed job cannot be reassigned.';

function refuseCancelled(job: Job) {
  if (job.status === 'CANCELLED') throw new ConflictError(cancelledMessage);
}

function withStatus(job: Job, change: Omit<JobChange, 'status'>, cancelled = false): JobChange {
  const progress = change.progress ?? job.progress;
  const editorDropboxLink = change.editorDropboxLink ?? job.editorDropboxLink;
  const delivery = { editorDropboxLink, deliverableCount: job.deliverableCount };
  if (!cancelled && progress === 100 && !hasDelivery(delivery)) throw new ConflictError(completeNeedsLinkMessage);
  const status = derivedJobStatus({
    cancelled,
    editorId: change.editorId ?? job.editorId,
    progress,
    ...delivery,
  });
  return { ...change, status };
}

/** `PUT api/jobs/{id}` by a manager or super-admin. */
export function planManagerUpdate(job: Job, body: UpdateJobBody): JobChange {
  refuseCancelled(job);
  const cancel = body.status === 'CANCELLED';
  if (cancel && job.status === 'COMPLETED') throw new ConflictError(completedNotCancellableMessage);
  return withStatus(
    job,
    { progress: body.progress, instructions: body.instructions, dropboxLink: body.dropboxLink },
    cancel,
  );
}

/** `PUT api/jobs/{id}/assign`: (re)assigns an open job; the editor was checked by the route. */
export function planAssignment(job: Job, editorId: string): JobChange {
  refuseCancelled(job);
  if (job.status === 'COMPLETED') throw new ConflictError(completedNotReassignableMessage);
  return withStatus(job, { editorId });
}

/** `PUT api/jobs/{id}/editor-update` by the assigned editor. */
export function planEditorUpdate(job: Job, body: EditorUpdateBody): JobChange {
  refuseCancelled(job);
  return withStatus(job, { progress: body.progress, editorDropboxLink: body.editorDropboxLink });
}
