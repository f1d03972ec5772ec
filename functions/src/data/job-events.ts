import type { Job } from '@studio/shared/job';
import { jobSnapshot, type OutboxEvent } from './outbox.ts';

/**
 * The events a staff change of a job causes, from the job before and after it (pure, unit
 * tested): assigned to a new editor; delivered (the job became COMPLETED: progress 100 with the
 * delivery link); cancelled by a manager, which is the client's cancellation decided.
 */
export function jobChangeEvents(before: Job, after: Job): OutboxEvent[] {
  const events: OutboxEvent[] = [];
  const job = jobSnapshot(after);
  if (after.editorId && after.editorId !== before.editorId) events.push({ event: 'job.assigned', job });
  if (after.status === 'COMPLETED' && before.status !== 'COMPLETED') events.push({ event: 'job.delivered', job });
  if (after.status === 'CANCELLED' && before.status !== 'CANCELLED') {
    events.push({ event: 'job.cancellationDecided', job, decision: 'CANCELLED' });
  }
  return events;
}
