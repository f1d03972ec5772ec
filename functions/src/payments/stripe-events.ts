import { idSchema } from '@studio/shared/ids';
import { formatCents } from '@studio/shared/money';
import type Stripe from 'stripe';
import { getJobItem, type JobItem } from '../data/jobs.ts';
import { jobIdOfPaymentIntent, nextPayment, type EventDecision } from '../data/payments.ts';

/*
 * What each Stripe event does to its job, decided from the job as stored at that moment. Events
 * may arrive twice, late, or out of order (Stripe does not promise an order); every decision
 * checks the job's state, so a late or repeated event changes nothing.
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

/** A paid session: PAID when it is exactly the job's total in its currency, MISMATCH otherwise. */
function paidSession(event: Stripe.Event, job: JobItem, session: Stripe.Checkout.Session): EventDecision {
  const status = job.payment?.status;
  const amount = session.amount_total ?? -1;
  const currency = (session.currency ?? '').toUpperCase();
  const paymentIntentId = idOf(session.payment_intent) ?? undefined;
  const now = new Date().toISOString();
  const received = { amountCents: amount, currency };
  if (status === 'PAID' || status === 'REFUNDED' || status === 'PARTIALLY_REFUNDED' || status === 'MISMATCH') {
    const stored = job.payment!;
    // Another event of the payment already recorded (completed, then async_payment_succeeded).
    if (stored.checkoutSessionId === session.id) {
      return { kind: 'ignore', jobId: job.id, reason: `payment is ${status} already` };
    }
    // Money arrived twice (a transfer marked paid, then an old checkout paid): keep the state, tell staff.
    return {
      kind: 'apply',
      job,
      payment: nextPayment(job, { status: stored.status, updatedAt: now }),
      entry: {
        action: 'paid-again',
        actor: provider(event),
        summary: `A second payment of ${formatCents(Math.max(amount, 0), job.currency)} arrived through Stripe (${paymentIntentId ?? session.id}) for a job that was ${status}; refund it in Stripe`,
        details: { sessionId: session.id, paymentIntentId: paymentIntentId ?? null, amountCents: amount, currency },
      },
    };
  }
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
      return paidSession(event, job, session);
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
