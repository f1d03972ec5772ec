import { currencies, type Currency } from '@studio/shared/currency';
import { idSchema } from '@studio/shared/ids';
import { formatCents } from '@studio/shared/money';
import type Stripe from 'stripe';
import { getJobItem, toJob, type JobItem } from '../data/jobs.ts';
import { jobSnapshot } from '../data/outbox.ts';
import { jobIdOfPaymentIntent, nextPayment, paymentIntentRecord, type EventDecision } from '../data/payments.ts';
import { isStripeRefusal, stripeAccess } from '../lib/stripe.ts';

/*
 * What each Stripe event does to its job, decided from the job as stored at that moment. Events
 * may arrive twice, late, or out of order (Stripe does not promise an order); every decision
 * checks the job's state, so a late or repeated event changes nothing. One decision acts at
 * Stripe before it is recorded: a payment the job can no longer take is refunded (idempotently,
 * by its payment intent), see `returnedPayment`.
 */

export const handledEventTypes = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
] as const;

const provider = (event: Stripe.Event) => ({ kind: 'provider' as const, id: event.id, role: null });

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

async function jobOfSession(session: Stripe.Checkout.Session): Promise<JobItem | null> {
  const jobId = session.metadata?.jobId ?? session.client_reference_id;
  if (!jobId || !idSchema.safeParse(jobId).success) return null;
  return getJobItem(jobId);
}

/** An amount Stripe reported, as people read it (a currency we do not price in, in words). */
function amountText(amount: number, currency: string): string {
  if ((currencies as readonly string[]).includes(currency))
    return formatCents(Math.max(amount, 0), currency as Currency);
  return /^[A-Z]{3}$/.test(currency) ? `${amount} cents of ${currency}` : `an amount of ${amount}`;
}

/**
 * Money for a job that can no longer take it (cancelled, or paid already by a transfer or another
 * session): refunded in full through Stripe, recorded in the job's history, the client and the
 * managers told (`job.paymentReturned`); the job's payment stays as it was, so it never shows
 * PAID. The refund is asked before the record is written, with an idempotency key naming the
 * payment intent: if the record then fails, Stripe's retry of the event asks again and gets the
 * same refund back. A refund Stripe refuses (already refunded in the Dashboard, say) is recorded
 * with its reason for staff to settle by hand.
 */
async function returnedPayment(
  event: Stripe.Event,
  job: JobItem,
  session: Stripe.Checkout.Session,
  why: 'cancelled' | 'paid',
): Promise<EventDecision> {
  const amount = session.amount_total ?? -1;
  const currency = (session.currency ?? '').toUpperCase();
  const paymentIntentId = idOf(session.payment_intent);
  const paidWhat = amountText(amount, currency);
  let refundId: string | null = null;
  let refused: string | null = null;
  if (!paymentIntentId) {
    refused = 'the session names no payment intent';
  } else {
    try {
      const { stripe } = await stripeAccess();
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentIntentId,
          reason: why === 'paid' ? 'duplicate' : 'requested_by_customer',
          metadata: { jobId: job.id, why: why === 'paid' ? 'job paid already' : 'job cancelled' },
        },
        { idempotencyKey: `job-${job.id}-return-${paymentIntentId}` },
      );
      refundId = refund.id;
    } catch (error) {
      if (!isStripeRefusal(error)) throw error;
      refused = error.message;
    }
  }
  const state = why === 'cancelled' ? 'was cancelled' : `was ${job.payment?.status ?? 'paid'} already`;
  const now = new Date().toISOString();
  return {
    kind: 'apply',
    job,
    payment: nextPayment(job, { status: job.payment?.status ?? 'FAILED', updatedAt: now }),
    paymentIntentId: paymentIntentId ?? undefined,
    returned: true,
    entry: {
      action: 'returned',
      actor: provider(event),
      summary: refused
        ? `A card payment of ${paidWhat} arrived through Stripe for a job that ${state}: not accepted, and Stripe refused to refund it (${refused}); refund it in the Stripe Dashboard`
        : `A card payment of ${paidWhat} arrived through Stripe for a job that ${state}: not accepted, refunded in full`,
      details: { sessionId: session.id, paymentIntentId, amountCents: amount, currency, refundId, refused },
    },
    events: [
      {
        event: 'job.paymentReturned',
        job: jobSnapshot(toJob(job)),
        returned: { amount: paidWhat, why, refused },
      },
    ],
  };
}

/**
 * A paid session: PAID when it is exactly the job's total in its currency, MISMATCH otherwise;
 * returned when the job can no longer be paid.
 */
async function paidSession(
  event: Stripe.Event,
  job: JobItem,
  session: Stripe.Checkout.Session,
): Promise<EventDecision> {
  const status = job.payment?.status;
  const amount = session.amount_total ?? -1;
  const currency = (session.currency ?? '').toUpperCase();
  const paymentIntentId = idOf(session.payment_intent) ?? undefined;
  const now = new Date().toISOString();
  const received = { amountCents: amount, currency };
  const settled =
    status === 'PAID' || status === 'REFUNDED' || status === 'PARTIALLY_REFUNDED' || status === 'MISMATCH';
  // Another event of the payment already recorded (completed, then async_payment_succeeded).
  if (settled && job.payment!.checkoutSessionId === session.id) {
    return { kind: 'ignore', jobId: job.id, reason: `payment is ${status} already` };
  }
  if (paymentIntentId && (await paymentIntentRecord(paymentIntentId))) {
    return { kind: 'ignore', jobId: job.id, reason: 'this payment is recorded already' };
  }
  if (job.status === 'CANCELLED') return returnedPayment(event, job, session, 'cancelled');
  // Money arrived twice (a transfer marked paid, then a checkout left open paid): sent back.
  if (settled) return returnedPayment(event, job, session, 'paid');
  if (amount === job.totalCents && currency === job.currency) {
    return {
      kind: 'apply',
      job,
      paymentIntentId,
      payment: nextPayment(job, {
        status: 'PAID',
        provider: 'stripe',
        checkoutSessionId: session.id,
        paymentIntentId: paymentIntentId ?? null,
        received,
        paidAt: now,
        refundedCents: 0,
        reference: paymentIntentId ?? session.id,
        updatedAt: now,
      }),
      entry: {
        action: 'paid',
        actor: provider(event),
        summary: `Paid ${formatCents(amount, job.currency)} through Stripe Checkout`,
        details: { sessionId: session.id, paymentIntentId: paymentIntentId ?? null, amountCents: amount, currency },
      },
    };
  }
  const what = /^[A-Z]{3}$/.test(currency) ? `${amount} cents of ${currency}` : `an amount of ${amount}`;
  return {
    kind: 'apply',
    job,
    paymentIntentId,
    payment: nextPayment(job, {
      status: 'MISMATCH',
      provider: 'stripe',
      checkoutSessionId: session.id,
      paymentIntentId: paymentIntentId ?? null,
      received,
      reference: paymentIntentId ?? session.id,
      updatedAt: now,
    }),
    entry: {
      action: 'mismatch',
      actor: provider(event),
      summary: `Stripe reported ${what}, but the job costs ${formatCents(job.totalCents, job.currency)}: not marked paid; check it`,
      details: { sessionId: session.id, paymentIntentId: paymentIntentId ?? null, amountCents: amount, currency },
    },
  };
}

/** The session the job waits for ended without money (expired, or an async payment failed): FAILED. */
function failedSession(event: Stripe.Event, job: JobItem, session: Stripe.Checkout.Session): EventDecision {
  const stored = job.payment;
  if (stored?.status !== 'PENDING' || stored.checkoutSessionId !== session.id) {
    return { kind: 'ignore', jobId: job.id, reason: 'not the session the job waits for' };
  }
  const now = new Date().toISOString();
  const expired = event.type === 'checkout.session.expired';
  return {
    kind: 'apply',
    job,
    payment: nextPayment(job, { status: 'FAILED', updatedAt: now }),
    entry: {
      action: 'failed',
      actor: provider(event),
      summary: expired ? 'Card checkout ended without payment' : 'The payment failed',
      details: { sessionId: session.id, eventType: event.type },
    },
  };
}

/** A refund went through: the charge's refunded total decides REFUNDED or PARTIALLY_REFUNDED. */
async function refundedCharge(event: Stripe.Event, charge: Stripe.Charge): Promise<EventDecision> {
  const paymentIntentId = idOf(charge.payment_intent);
  const jobId = paymentIntentId ? await jobIdOfPaymentIntent(paymentIntentId) : null;
  const job = jobId ? await getJobItem(jobId) : null;
  if (!job) return { kind: 'ignore', jobId, reason: 'no job paid by this payment' };
  const stored = job.payment;
  const refunded = charge.amount_refunded;
  if (
    !stored ||
    stored.paymentIntentId !== paymentIntentId ||
    !['PAID', 'PARTIALLY_REFUNDED'].includes(stored.status)
  ) {
    return { kind: 'ignore', jobId: job.id, reason: 'the job is not paid by this charge' };
  }
  // Refunded totals only grow: an older event, arriving late, names a smaller one.
  if (refunded <= (stored.refundedCents ?? 0)) return { kind: 'ignore', jobId: job.id, reason: 'not a new refund' };
  const full = refunded >= charge.amount;
  const now = new Date().toISOString();
  return {
    kind: 'apply',
    job,
    payment: nextPayment(job, {
      status: full ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
      refundedCents: refunded,
      updatedAt: now,
    }),
    entry: {
      action: 'refunded',
      actor: provider(event),
      summary: `${full ? 'Refunded' : 'Partly refunded'}: ${formatCents(refunded, job.currency)} of ${formatCents(charge.amount, job.currency)} in all`,
      details: { chargeId: charge.id, paymentIntentId, amountRefundedCents: refunded },
    },
    // What this refund gave back (the charge reports the total so far): its credit note (#40).
    creditNote: {
      jobId: job.id,
      invoiceNumber: job.invoiceNumber ?? null,
      amountCents: refunded - (stored.refundedCents ?? 0),
      currency: job.currency,
      refundedTotalCents: refunded,
      chargeId: charge.id,
    },
  };
}

/** What an event does, read from the job as it is now; events we do not handle are ignored. */
export async function decideStripeEvent(event: Stripe.Event): Promise<EventDecision> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const job = await jobOfSession(session);
      if (!job) return { kind: 'ignore', jobId: null, reason: 'no job named by the session' };
      // Completed but still unpaid: a delayed method (a bank debit); its own event follows.
      if (session.payment_status !== 'paid') return { kind: 'ignore', jobId: job.id, reason: 'not paid yet' };
      return await paidSession(event, job, session);
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      const job = await jobOfSession(session);
      if (!job) return { kind: 'ignore', jobId: null, reason: 'no job named by the session' };
      return failedSession(event, job, session);
    }
    case 'charge.refunded':
      return refundedCharge(event, event.data.object);
    default:
      return { kind: 'ignore', jobId: null, reason: `${event.type} is not handled` };
  }
}
