import { formatCents } from '@studio/shared/money';
import { getJobItem, toJob } from '../data/jobs.ts';
import { nextPayment, writePaymentChange } from '../data/payments.ts';
import { isConditionFailed } from '../lib/dynamo-errors.ts';
import { BadRequestError, ConflictError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { stripeAccess } from '../lib/stripe.ts';
import { jobNotFound } from '../jobs/access.ts';
import { jobFor } from '../jobs/job-view.ts';

/**
 * `POST api/jobs/{id}/refund` (SUPER_ADMIN): gives back all or part of a card payment through
 * Stripe, with a reason kept in the job's history. The payment's status follows when Stripe's
 * `charge.refunded` event arrives. The idempotency key names the job and how many refunds were
 * asked before, so a doubled click makes one refund at Stripe.
 */
export const refundJobRoute: RouteImpl<'refundJob'> = async ({ params, body, caller }) => {
  const item = await getJobItem(params.id);
  if (!item) throw jobNotFound();
  const job = toJob(item);
  const stored = item.payment;
  if (!stored || (stored.status !== 'PAID' && stored.status !== 'PARTIALLY_REFUNDED')) {
    throw new ConflictError('Only a paid job can be refunded.');
  }
  if (stored.provider !== 'stripe' || !stored.paymentIntentId) {
    throw new ConflictError(
      'This job was paid outside the site (by transfer); give the money back the same way. Only card payments are refunded here.',
    );
  }
  const paid = stored.received?.amountCents ?? job.totalCents;
  const left = paid - Math.max(stored.refundRequestedCents ?? 0, stored.refundedCents ?? 0);
  const amount = body.amountCents ?? left;
  if (amount <= 0 || amount > left) {
    throw new BadRequestError('The request is not valid.', [
      {
        path: 'body.amountCents',
        message: `At most ${formatCents(Math.max(left, 0), job.currency)} can still be refunded.`,
      },
    ]);
  }
  const requests = (stored.refundRequests ?? 0) + 1;
  const { stripe } = await stripeAccess();
  const refund = await stripe.refunds.create(
    {
      payment_intent: stored.paymentIntentId,
      amount,
      reason: 'requested_by_customer',
      metadata: { jobId: job.id, reason: body.reason.slice(0, 500) },
    },
    { idempotencyKey: `job-${job.id}-refund-${requests}-${amount}` },
  );
  const now = new Date().toISOString();
  const payment = nextPayment(item, {
    status: stored.status,
    refundRequests: requests,
    refundRequestedCents: (stored.refundRequestedCents ?? 0) + amount,
    updatedAt: now,
  });
  let updated;
  try {
    updated = await writePaymentChange(
      item,
      payment,
      {
        action: 'refund-requested',
        actor: { kind: 'staff', id: caller!.userId, role: caller!.principal },
        summary: `Refund of ${formatCents(amount, job.currency)} asked of Stripe: ${body.reason}`,
        details: { refundId: refund.id, amountCents: amount, reason: body.reason },
      },
      now,
    );
  } catch (error) {
    // The same click twice at once: Stripe made one refund (same key); the other request recorded it.
    if (!isConditionFailed(error)) throw error;
    const latest = await getJobItem(job.id);
    if (!latest) throw jobNotFound();
    updated = toJob(latest);
  }
  return {
    job: await jobFor(caller!, updated),
    refund: { id: refund.id, amountCents: refund.amount, currency: job.currency, status: refund.status ?? 'pending' },
  };
};
