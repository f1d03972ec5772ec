import { formatCents } from '@studio/shared/money';
import { isCheckoutMethod, isPaid } from '@studio/shared/payment';
import { getJobItem, toJob } from '../data/jobs.ts';
import { nextPayment, writePaymentChange } from '../data/payments.ts';
import { BadRequestError, ConflictError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { jobNotFound } from '../jobs/access.ts';
import { jobFor } from '../jobs/job-view.ts';
import { expireCheckoutSession, openCheckoutSessionId } from './checkout-expiry.ts';

/**
 * `PUT api/jobs/{id}/payment/mark-paid` (MANAGER, SUPER_ADMIN): a transfer (or another payment
 * made outside the site) that the studio received. The amount must be the job's total: a job is
 * PAID only for exactly what it costs. Clients never reach this route. A card checkout the client
 * left open is expired at Stripe; one paid meanwhile is returned when its event arrives.
 */
export const markPaidRoute: RouteImpl<'markPaid'> = async ({ params, body, caller, log }) => {
  const item = await getJobItem(params.id);
  if (!item) throw jobNotFound();
  const job = toJob(item);
  if (job.status === 'CANCELLED') throw new ConflictError('This job was cancelled; it cannot be marked paid.');
  if (isPaid(job.payment)) throw new ConflictError('This job is paid already.');
  if (body.amountCents !== job.totalCents) {
    throw new BadRequestError('The request is not valid.', [
      {
        path: 'body.amountCents',
        message: `The job costs ${formatCents(job.totalCents, job.currency)}; ${formatCents(body.amountCents, job.currency)} does not pay it. Mark it paid once the full amount has arrived.`,
      },
    ]);
  }
  const chosen = job.payment?.method;
  const method = body.method ?? (chosen && !isCheckoutMethod(chosen) ? chosen : 'Internet Banking');
  const now = new Date().toISOString();
  const payment = nextPayment(item, {
    status: 'PAID',
    method,
    provider: 'manual',
    received: { amountCents: body.amountCents, currency: job.currency },
    paidAt: now,
    refundedCents: 0,
    reference: body.reference,
    checkoutSessionId: null,
    paymentIntentId: null,
    updatedAt: now,
  });
  // The session a card checkout left open, read before the change clears it.
  const openSession = openCheckoutSessionId(item);
  const paid = await writePaymentChange(
    item,
    payment,
    {
      action: 'marked-paid',
      actor: { kind: 'staff', id: caller!.userId, role: caller!.principal },
      summary: `Marked paid: ${formatCents(body.amountCents, job.currency)} received by ${method}, reference ${body.reference}`,
      details: { amountCents: body.amountCents, reference: body.reference, method },
    },
    now,
  );
  // Paid by transfer: the client must not pay a second time through a checkout left open.
  if (openSession) await expireCheckoutSession(openSession, log);
  return { job: await jobFor(caller!, paid) };
};
