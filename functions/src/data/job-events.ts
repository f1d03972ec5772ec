import type { Job } from '@studio/shared/job';
import { jobSnapshot, type OutboxEvent } from './outbox.ts';

/**
 * The events a staff change of a job causes, from the job before and after it (pure, unit
 * tested): assigned to a new editor; delivered (the job became COMPLETED: progress 100 with a
 * delivery, the link or finished files, #15); cancelled by a manager, which is the client's
 * cancellation decided.
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

/**
 * The events a payment change causes (#16), from the job before and after it (pure, unit tested):
 * paid, when the payment became PAID (a Stripe checkout of exactly the total, or staff marking a
 * transfer received): the client's receipt and the managers' notice. A change that leaves a paid
 * job paid (a resent or second payment, a refund) is no news of that kind.
 */
export function paymentChangeEvents(before: Job, after: Job): OutboxEvent[] {
  const payment = after.payment;
  if (payment?.status !== 'PAID' || before.payment?.status === 'PAID') return [];
  return [
    {
      event: 'job.paid',
      job: jobSnapshot(after),
      receipt: {
        amountCents: payment.received?.amountCents ?? after.totalCents,
        // PAID only when the money is the job's total in its currency.
        currency: after.currency,
        paidAt: payment.paidAt ?? payment.updatedAt,
      },
    },
  ];
}
