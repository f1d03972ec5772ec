import type { WebhookEvent, WebhookPayload } from '@studio/shared/webhooks';
import { getJob } from '../data/jobs.ts';
import type { OutboxEvent } from '../data/outbox.ts';
import { jobFor } from '../jobs/job-view.ts';

/*
 * Which webhook event an outbox event is (#36), and what its payload carries. Pure but for the
 * job's read: `data.job` is the job as `GET api/jobs/{id}` answers a client (read when the
 * dispatcher runs, so a little later than the change: the event names what happened, the job is
 * its state now).
 */

/** The webhook event of an outbox event, or null when webhooks do not hear of it. */
export function webhookEventOf(event: OutboxEvent): WebhookEvent | null {
  switch (event.event) {
    case 'job.created':
    case 'job.paid':
    case 'job.delivered':
    case 'job.approved':
    case 'job.cancelled':
      return event.event;
    case 'job.revisionRequested':
      return 'revision.requested';
    case 'job.cancellationDecided':
      return event.decision === 'CANCELLED' ? 'job.cancelled' : null;
    case 'job.imagesReleased':
      return 'image.delivered';
    default:
      return null;
  }
}

/** The organisation whose webhooks hear of the event (jobs from before organisations: none). */
export function organisationOf(event: OutboxEvent): string | null {
  return 'job' in event ? (event.job.organisationId ?? null) : null;
}

/** The payload's `data`: the job as a client reads it, and for `image.delivered` the images released. */
export async function payloadData(event: OutboxEvent): Promise<WebhookPayload['data'] | null> {
  if (!('job' in event)) return null;
  const job = await getJob(event.job.id);
  if (!job) return null;
  const view = await jobFor({ principal: 'CLIENT' }, job);
  return event.event === 'job.imagesReleased' ? { job: view, imageIds: event.imageIds } : { job: view };
}
