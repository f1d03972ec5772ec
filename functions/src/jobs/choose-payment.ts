import { isCheckoutMethod, mayStillPay } from '@studio/shared/payment';
import { getJobItem, toJob } from '../data/jobs.ts';
import { nextPayment, writePaymentChange } from '../data/payments.ts';
import { getStudioSettings } from '../data/settings.ts';
import { BadRequestError, ConflictError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { assertJobPermission, jobNotFound } from './access.ts';
import { jobFor } from './job-view.ts';

/**
 * `PUT api/jobs/{id}/payment`: records the owner's method as a PENDING payment, with a history
 * entry. A job is paid in the currency it is priced in, so `currency` must be the job's
 * (docs/decisions/payments.md). Money moves later: through Stripe Checkout (`POST .../checkout`) for
 * cards and wallets, by a transfer staff mark paid for the others. A transfer is refused while the
 * studio has entered no bank details: the client would have nowhere to send the money.
 */
export const choosePaymentRoute: RouteImpl<'choosePayment'> = async ({ params, body, caller }) => {
  const item = await getJobItem(params.id);
  if (!item) throw jobNotFound();
  const job = await assertJobPermission(caller!, toJob(item), 'order');
  if (job.status === 'CANCELLED') throw new ConflictError('This job was cancelled; it cannot be paid.');
  if (!mayStillPay(job)) throw new ConflictError('This job is paid already.');
  if (body.currency !== job.currency) {
    throw new BadRequestError('The request is not valid.', [
      { path: 'body.currency', message: `This job is priced in ${job.currency}, so it is paid in ${job.currency}.` },
    ]);
  }
  if (!isCheckoutMethod(body.method) && (await getStudioSettings()).bankDetails.trim() === '') {
    throw new ConflictError(
      `The studio does not take payment by ${body.method} yet: it has not entered its bank details. Pay by card, GooglePay or PayPal, or contact the studio.`,
    );
  }
  const now = new Date().toISOString();
  // A card checkout already under way stays the job's until it ends; choosing again keeps its session.
  const keepsCheckout = isCheckoutMethod(body.method) && item.payment?.provider === 'stripe';
  const payment = nextPayment(item, {
    status: 'PENDING',
    method: body.method,
    provider: keepsCheckout ? 'stripe' : null,
    checkoutSessionId: keepsCheckout ? (item.payment?.checkoutSessionId ?? null) : null,
    received: null,
    paidAt: null,
    reference: null,
    updatedAt: now,
  });
  const chosen = await writePaymentChange(
    item,
    payment,
    {
      action: 'method-chosen',
      actor: { kind: 'client', id: caller!.userId, role: null },
      summary: `Payment method chosen: ${body.method}`,
      details: { method: body.method },
    },
    now,
  );
  return { job: await jobFor(caller!, chosen) };
};
