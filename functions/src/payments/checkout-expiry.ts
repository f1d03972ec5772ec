import { getJobItem, type JobItem } from '../data/jobs.ts';
import type { Logger } from '../lib/observability.ts';
import { isStripeRefusal, stripeClient } from '../lib/stripe.ts';

/*
 * A job that can no longer be paid (cancelled, or paid by transfer) must not keep a Checkout
 * Session open at Stripe, where the client could still pay it: the change expires it. Loaded
 * lazily by the routes that cancel a job (the jobs group) or mark it paid, and only when the job
 * had a session: the Stripe SDK is no part of any other request. A session paid meanwhile (no
 * longer open) cannot be expired; its `checkout.session.completed` then finds the job not payable
 * and the payment is returned (stripe-events.ts), so the job never shows PAID either way.
 */

/** The Checkout Session the stored job still waits for, if any. */
export function openCheckoutSessionId(item: Pick<JobItem, 'payment'> | null): string | null {
  const payment = item?.payment;
  if (!payment || payment.provider !== 'stripe' || payment.status !== 'PENDING') return null;
  return payment.checkoutSessionId ?? null;
}

/**
 * Expires the session at Stripe. Answers what happened; never throws: the change that made the
 * job unpayable is written already, and a session left open is caught when it is paid.
 */
export async function expireCheckoutSession(
  sessionId: string,
  log: Logger,
): Promise<'expired' | 'not-open' | 'unreachable'> {
  try {
    const stripe = await stripeClient();
    await stripe.checkout.sessions.expire(sessionId);
    return 'expired';
  } catch (error) {
    if (isStripeRefusal(error)) {
      // Completed (paid a moment ago), expired already, or unknown: nothing to expire.
      log.info('checkout session not open, nothing to expire', { sessionId, error: String(error) });
      return 'not-open';
    }
    log.warn('could not expire a checkout session', { sessionId, error: String(error) });
    return 'unreachable';
  }
}

/** After a job became unpayable: expires the session its stored payment still waited for. */
export async function expireCheckoutOfJob(jobId: string, log: Logger): Promise<void> {
  const sessionId = openCheckoutSessionId(await getJobItem(jobId));
  if (sessionId) await expireCheckoutSession(sessionId, log);
}
