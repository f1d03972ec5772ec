import { describe, expect, it } from 'vitest';
import type { JobSnapshot, OutboxEvent } from '../../src/data/outbox.ts';
import { organisationOf, webhookEventOf } from '../../src/webhooks/events.ts';

const job: JobSnapshot = {
  id: '01J000000000000000000000J1',
  number: 'RS-1042',
  clientId: 'client-1',
  organisationId: '01J00000000000000000000ORG',
  editorId: null,
  serviceName: 'Clipping path',
  numberOfPhotos: 3,
  totalCents: 1500,
  currency: 'EUR',
  status: 'IN_PROGRESS',
};

describe('the webhook event of an outbox event', () => {
  it.each([
    [{ event: 'job.created', job }, 'job.created'],
    [
      { event: 'job.paid', job, receipt: { amountCents: 1500, currency: 'EUR', paidAt: '2026-11-28T10:00:00Z' } },
      'job.paid',
    ],
    [{ event: 'job.delivered', job }, 'job.delivered'],
    [{ event: 'job.approved', job, by: 'client' }, 'job.approved'],
    [{ event: 'job.revisionRequested', job, round: 2, billable: false }, 'revision.requested'],
    [{ event: 'job.cancelled', job }, 'job.cancelled'],
    [{ event: 'job.cancellationDecided', job, decision: 'CANCELLED' }, 'job.cancelled'],
    [{ event: 'job.imagesReleased', job, imageIds: ['01J0000000000000000000IMG1'] }, 'image.delivered'],
  ] as [OutboxEvent, string][])('%o is %s', (event, expected) => {
    expect(webhookEventOf(event)).toBe(expected);
  });

  it.each([
    { event: 'job.cancellationDecided', job, decision: 'REFUSED' },
    { event: 'job.imagesDelivered', job, delivered: 2, total: 3 },
    { event: 'job.assigned', job },
    { event: 'job.revisionCompleted', job },
    { event: 'lead.received', lead: { id: 'l1', kind: 'contact', name: null, email: 'a@b.test', service: null } },
  ] as OutboxEvent[])('%o is none', (event) => {
    expect(webhookEventOf(event)).toBeNull();
  });

  it('goes to the job’s organisation, and to none for a job from before organisations', () => {
    expect(organisationOf({ event: 'job.created', job })).toBe(job.organisationId);
    expect(organisationOf({ event: 'job.created', job: { ...job, organisationId: undefined } })).toBeNull();
    expect(
      organisationOf({
        event: 'staff.invited',
        invitee: { userId: 'u', email: 'e@x.test', name: 'E', role: 'EDITOR' },
      }),
    ).toBeNull();
  });
});
