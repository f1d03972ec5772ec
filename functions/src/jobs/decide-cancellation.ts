import type { CancellationRefund } from '@studio/shared/job-lifecycle';
import type { Job } from '@studio/shared/job';
import { formatCents } from '@studio/shared/money';
import { isPaid } from '@studio/shared/payment';
import { decideCancellation } from '../data/job-lifecycle.ts';
import { getJob } from '../data/jobs.ts';
import { withRetry } from '../data/transactions.ts';
import { ConflictError, ServiceUnavailableError } from '../lib/errors.ts';
import type { Caller } from '../lib/caller.ts';
import type { RouteImpl } from '../lib/http.ts';
import type { Logger } from '../lib/observability.ts';
import { refundCardPayment } from '../payments/refund-job.ts';
import { actorOf, jobNotFound } from './access.ts';
import { assertMoveTo } from './transitions.ts';
import { expireCheckoutOnCancel } from './checkout-on-cancel.ts';
import { jobFor } from './job-view.ts';

/**
 * What becomes of a paid job's money when its cancellation is accepted (#40): a card payment is
 * refunded in full (what is left of it) through Stripe at once; the client's e-mail and the credit
 * note follow Stripe's confirmation (`charge.refunded`). A refusal or silence of Stripe does not
 * undo the cancellation: it is in the job's history and the answer says so, for a SUPER_ADMIN to
 * settle. A payment by transfer goes back the way it came, by the studio.
 */
async function refundCancelled(job: Job, caller: Caller, log: Logger): Promise<CancellationRefund | null> {
  const payment = job.payment;
  if (!payment || !isPaid(payment)) return null;
  const paid = payment.received?.amountCents ?? job.totalCents;
  const left = paid - payment.refundedCents;
  if (left <= 0) return null;
  if (payment.provider !== 'stripe') {
    return {
      status: 'by-transfer',
      amountCents: left,
      message: `${formatCents(left, job.currency)} was paid by transfer: send it back to the client the same way.`,
    };
  }
  const actor = { kind: 'staff' as const, id: caller.userId, role: caller.principal };
  try {
    const { refund } = await refundCardPayment(job.id, { reason: 'Cancellation accepted', actor }, log);
    return {
      status: 'requested',
      amountCents: refund.amountCents,
      message: `${formatCents(refund.amountCents, job.currency)} is being refunded to the client's card.`,
    };
  } catch (error) {
    if (error instanceof ServiceUnavailableError) {
      return { status: 'unanswered', amountCents: left, message: error.message };
    }
    if (error instanceof ConflictError) {
      return {
        status: 'refused',
        amountCents: left,
        message: `${error.message} The job is cancelled; settle the money by hand.`,
      };
    }
    throw error;
  }
}

/**
 * `PUT api/jobs/{id}/cancellation-request` (manager, super-admin): accepts the client's pending
 * request (the job is CANCELLED; a card payment is refunded at once, `refundCancelled`) or declines
 * it (the work goes on). The client is told either way. A card checkout still open for a cancelled
 * job is expired at Stripe.
 */
export const decideCancellationRoute: RouteImpl<'decideCancellation'> = async ({ params, body, caller, log }) => {
  const { before, after } = await withRetry(
    async () => {
      const job = await getJob(params.id);
      if (!job) throw jobNotFound();
      if (job.cancellationRequest?.status !== 'PENDING') {
        throw new ConflictError('There is no cancellation request waiting for a decision on this job.');
      }
      if (body.decision === 'ACCEPTED') assertMoveTo(job, 'CANCELLED');
      const decided = await decideCancellation(job, body.decision, actorOf(caller!), new Date().toISOString());
      return { before: job, after: decided };
    },
    { retryFailedConditionsAt: [0], tries: 4 },
  );
  await expireCheckoutOnCancel(before, after, log);
  const refund = body.decision === 'ACCEPTED' ? await refundCancelled(after, caller!, log) : null;
  const latest = refund?.status === 'requested' ? ((await getJob(params.id)) ?? after) : after;
  return { job: await jobFor(caller!, latest), refund };
};
