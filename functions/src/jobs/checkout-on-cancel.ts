import type { Job } from '@studio/shared/job';
import { lazy } from '../lib/lazy.ts';
import type { Logger } from '../lib/observability.ts';

// The Stripe SDK is evaluated only when a cancelled job had a checkout under way.
const checkoutExpiry = lazy(() => import('../payments/checkout-expiry.ts'));

/**
 * After a change that cancelled a job (the client's cancel, an accepted request, a manager's
 * cancel): the Checkout Session its payment waited for is expired at Stripe, so the client can no
 * longer pay a cancelled job there. The cancel stands whatever Stripe answers; a session paid in
 * the meantime is returned when its event arrives (payments/stripe-events.ts).
 */
export async function expireCheckoutOnCancel(before: Job, after: Job, log: Logger): Promise<void> {
  if (after.status !== 'CANCELLED' || before.status === 'CANCELLED') return;
  if (before.payment?.provider !== 'stripe' || before.payment.status !== 'PENDING') return;
  const { expireCheckoutOfJob } = await checkoutExpiry();
  await expireCheckoutOfJob(after.id, log);
}
