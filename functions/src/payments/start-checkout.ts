import { priceJob } from '@studio/shared/job-pricing';
import { formatCents } from '@studio/shared/money';
import { isCheckoutMethod, jobReference, mayStillPay } from '@studio/shared/payment';
import { siteUrlEnvName } from '@studio/shared/platform';
import type Stripe from 'stripe';
import { getJobItem, toJob, type JobItem } from '../data/jobs.ts';
import { nextPayment, writePaymentChange } from '../data/payments.ts';
import { isConditionFailed } from '../lib/dynamo-errors.ts';
import { BadRequestError, ConflictError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { stripeAccess } from '../lib/stripe.ts';
import { assertJobPermission, jobNotFound } from '../jobs/access.ts';

/**
 * Where Stripe sends the client back: the site's configured origin, else the origin the browser
 * called from (the site calls the API on its own origin, so that is the site).
 */
function siteOrigin(headers: Record<string, string>): string {
  const configured = process.env[siteUrlEnvName];
  const origin = configured || headers.origin || '';
  try {
    const url = new URL(origin);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin;
  } catch {
    // refused below
  }
  throw new BadRequestError('Open the payment page of the site to pay.');
}

/**
 * The session's line items, which add up to the job's stored total exactly (docs/decisions/payments.md,
 * #17). Without a discount or surcharge: one line per subservice, its price per photo times the
 * photos, so the client sees on Stripe's page what the job is made of. With them (Stripe takes no
 * negative line): the work as one line at its discounted price, naming the discount, and the
 * turnaround's surcharge as a line of its own.
 */
export function lineItems(job: JobItem): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const currency = job.currency.toLowerCase();
  const subtotalCents = job.subtotalCents ?? job.totalCents;
  const discountCents = job.discountCents ?? 0;
  const surchargeCents = job.rushSurchargeCents ?? 0;
  const line = (name: string, unitAmount: number, quantity = 1) => ({
    quantity,
    price_data: { currency, unit_amount: unitAmount, product_data: { name } },
  });
  if (discountCents === 0 && surchargeCents === 0) {
    const price = priceJob({ lines: job.subServices, photos: job.numberOfPhotos, currency: job.currency });
    if (price.totalCents === job.totalCents) {
      return job.subServices.map((sub) =>
        line(`${job.serviceName}: ${sub.name}`, sub.unitPriceCents, job.numberOfPhotos),
      );
    }
  }
  const work = `${job.serviceName}: ${job.subServices.map((sub) => sub.name).join(', ')}, ${job.numberOfPhotos} photos`;
  const tier = job.volumeTier;
  const lines = [
    line(
      discountCents > 0 && tier
        ? `${work} (${formatCents(subtotalCents, job.currency)} less ${tier.discountPercent} % volume discount)`
        : work,
      subtotalCents - discountCents,
    ),
  ];
  if (surchargeCents > 0 && job.turnaround) {
    lines.push(
      line(
        `${job.turnaround.name} turnaround (${job.turnaround.hours} h), x${job.turnaround.multiplier}`,
        surchargeCents,
      ),
    );
  }
  return lines;
}

/**
 * `POST api/jobs/{id}/checkout` (the job's client): a Stripe Checkout Session for the job's total,
 * priced by the server in the job's currency, and its URL. A session still open is answered
 * again rather than a second one made, so a client cannot be charged twice through two tabs; a
 * new session has an idempotency key naming the job and the attempt, so a retried or doubled
 * request gets the same session from Stripe.
 */
export const startCheckoutRoute: RouteImpl<'startCheckout'> = async ({ params, caller, headers, log }) => {
  const item = await getJobItem(params.id);
  if (!item) throw jobNotFound();
  const job = await assertJobPermission(caller!, toJob(item), 'order');
  if (job.status === 'CANCELLED') throw new ConflictError('This job was cancelled; it cannot be paid.');
  if (!mayStillPay(job)) {
    throw new ConflictError(
      job.payment?.status === 'MISMATCH'
        ? 'A payment for this job is being checked by the studio; they will contact you.'
        : 'This job is paid already.',
    );
  }
  if (job.totalCents === 0) throw new ConflictError('This job costs nothing: there is nothing to pay.');
  const { stripe } = await stripeAccess();
  const stored = item.payment;

  if (stored?.provider === 'stripe' && stored.status === 'PENDING' && stored.checkoutSessionId) {
    const open = await stripe.checkout.sessions.retrieve(stored.checkoutSessionId);
    if (open.status === 'open' && open.url) return { url: open.url, sessionId: open.id };
  }

  const attempt = (stored?.checkoutAttempt ?? 0) + 1;
  const origin = siteOrigin(headers);
  const back = `${origin}/payment/${encodeURIComponent(job.id)}`;
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: lineItems(item),
      client_reference_id: job.id,
      metadata: { jobId: job.id, invoiceNumber: job.invoiceNumber ?? '' },
      payment_intent_data: {
        metadata: { jobId: job.id },
        description: `Retouching job ${jobReference(job)}`,
      },
      success_url: `${back}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${back}?checkout=cancelled`,
    },
    { idempotencyKey: `job-${job.id}-checkout-${attempt}` },
  );
  if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
  if (session.amount_total !== job.totalCents) {
    // The lines above add up to the total by construction; a difference is a bug, never a charge.
    log.error('checkout total differs from the job total', { jobId: job.id, sessionId: session.id });
    throw new Error('checkout total differs from the job total');
  }

  const now = new Date().toISOString();
  const payment = nextPayment(item, {
    status: 'PENDING',
    method: stored && isCheckoutMethod(stored.method) ? stored.method : 'Credit/Debit Card',
    provider: 'stripe',
    checkoutSessionId: session.id,
    checkoutAttempt: attempt,
    received: null,
    paidAt: null,
    reference: null,
    updatedAt: now,
  });
  try {
    await writePaymentChange(
      item,
      payment,
      {
        action: 'checkout-started',
        actor: { kind: 'client', id: caller!.userId, role: null },
        summary: `Card checkout started for ${formatCents(job.totalCents, job.currency)}`,
        details: { sessionId: session.id, attempt },
      },
      now,
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    // The same request twice at once: the other one recorded this very session (same key).
    const latest = await getJobItem(job.id);
    if (latest?.payment?.checkoutSessionId !== session.id) {
      throw new ConflictError('The job changed meanwhile; reload the page and try again.');
    }
  }
  return { url: session.url, sessionId: session.id };
};
