import { formatCents } from '@studio/shared/money';
import { getJobItem, toJob, type JobItem } from '../data/jobs.ts';
import { noteRefundMade, releaseRefund, reserveRefund, type RefundReservation } from '../data/payments.ts';
import { withRetry } from '../data/transactions.ts';
import type { HistoryActor } from '@studio/shared/payment';
import { BadRequestError, ConflictError, ServiceUnavailableError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import type { Logger } from '../lib/observability.ts';
import { isStripeRefusal, isStripeUnavailable, stripeAccess } from '../lib/stripe.ts';
import { jobNotFound } from '../jobs/access.ts';
import { jobFor } from '../jobs/job-view.ts';

/** The job's card payment: refundable, or the 409 saying why not. */
function refundablePayment(item: JobItem) {
  const stored = item.payment;
  if (!stored || (stored.status !== 'PAID' && stored.status !== 'PARTIALLY_REFUNDED')) {
    throw new ConflictError('Only a paid job can be refunded.');
  }
  if (stored.provider !== 'stripe' || !stored.paymentIntentId) {
    throw new ConflictError(
      'This job was paid outside the site (by transfer); give the money back the same way. Only card payments are refunded here.',
    );
  }
  return { ...stored, paymentIntentId: stored.paymentIntentId };
}

/** What a refund through Stripe asked: the job as it is now and Stripe's refund. */
export interface CardRefund {
  item: JobItem;
  refund: { id: string; amountCents: number; currency: JobItem['currency']; status: string };
}

/**
 * Gives back all (`amountCents` absent: everything not refunded yet) or part of a job's card
 * payment through Stripe, with a reason kept in the job's history. In three steps:
 *   1. the amount is reserved on the job with its history entry, in one write conditional on the
 *      refunds asked so far (`reserveRefund`): refunds of one job asked at the same moment are
 *      taken one after the other, each deciding on what is left, so together they never pass what
 *      was paid (the one asking for more than is left gets the 400 saying how much is);
 *   2. Stripe is asked, with an idempotency key naming the job and the reservation's number;
 *   3. the refund's id is noted on the entry; a refusal by Stripe releases the reservation, adds
 *      an entry saying why, and throws a 409 with Stripe's reason.
 * The payment's status follows when Stripe's `charge.refunded` event arrives (with the refund's
 * credit note, #40). Used by `POST api/jobs/{id}/refund` and by an accepted cancellation.
 */
export async function refundCardPayment(
  jobId: string,
  request: { amountCents?: number; reason: string; actor: HistoryActor },
  log: Logger,
): Promise<CardRefund> {
  const { actor } = request;
  const reservation: RefundReservation = await withRetry(
    async () => {
      const item = await getJobItem(jobId);
      if (!item) throw jobNotFound();
      const stored = refundablePayment(item);
      const paid = stored.received?.amountCents ?? item.totalCents;
      const left = paid - Math.max(stored.refundRequestedCents ?? 0, stored.refundedCents ?? 0);
      if (left <= 0) throw new ConflictError('Everything paid for this job is refunded or being refunded already.');
      const amount = request.amountCents ?? left;
      if (amount > left) {
        throw new BadRequestError('The request is not valid.', [
          { path: 'body.amountCents', message: `At most ${formatCents(left, item.currency)} can still be refunded.` },
        ]);
      }
      return reserveRefund(item, {
        amountCents: amount,
        entry: {
          action: 'refund-requested',
          actor,
          summary: `Refund of ${formatCents(amount, item.currency)} asked of Stripe: ${request.reason}`,
          details: { amountCents: amount, reason: request.reason },
        },
      });
    },
    // Item 0 is the job, conditional on the refunds asked as read: another refund got there first.
    { retryFailedConditionsAt: [0], tries: 10 },
  );

  const item = (await getJobItem(jobId))!;
  const { stripe } = await stripeAccess();
  let refund;
  try {
    refund = await stripe.refunds.create(
      {
        payment_intent: item.payment!.paymentIntentId!,
        amount: reservation.amountCents,
        reason: 'requested_by_customer',
        metadata: { jobId: item.id, reason: request.reason.slice(0, 500) },
      },
      { idempotencyKey: `job-${item.id}-refund-${reservation.request}` },
    );
  } catch (error) {
    if (isStripeRefusal(error)) {
      await releaseRefund(
        reservation,
        {
          action: 'refund-refused',
          actor,
          summary: `Stripe refused the refund of ${formatCents(reservation.amountCents, item.currency)}: ${error.message}. Nothing was refunded.`,
          details: { amountCents: reservation.amountCents, reason: request.reason, stripeError: error.message },
        },
        item.payment!.status,
      );
      throw new ConflictError(`Stripe refused the refund: ${error.message}`);
    }
    if (isStripeUnavailable(error)) {
      // Whether Stripe made it is unknown: the amount stays reserved (never refunded twice), and
      // Stripe's charge.refunded settles the payment if it was made.
      log.error('stripe did not answer a refund', {
        jobId: item.id,
        request: reservation.request,
        error: String(error),
      });
      throw new ServiceUnavailableError(
        'Stripe did not answer. The refund shows in the job’s history once Stripe confirms it; check there before asking again.',
      );
    }
    throw error;
  }
  await noteRefundMade(reservation, { id: refund.id, status: refund.status ?? null });
  const latest = await getJobItem(item.id);
  return {
    item: latest ?? item,
    refund: { id: refund.id, amountCents: refund.amount, currency: item.currency, status: refund.status ?? 'pending' },
  };
}

/** `POST api/jobs/{id}/refund` (SUPER_ADMIN): a refund through Stripe (`refundCardPayment`). */
export const refundJobRoute: RouteImpl<'refundJob'> = async ({ params, body, caller, log }) => {
  const actor = { kind: 'staff' as const, id: caller!.userId, role: caller!.principal };
  const { item, refund } = await refundCardPayment(
    params.id,
    { amountCents: body.amountCents, reason: body.reason, actor },
    log,
  );
  return { job: await jobFor(caller!, toJob(item)), refund };
};
