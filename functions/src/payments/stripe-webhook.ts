import type Stripe from 'stripe';
import { applyStripeEvent } from '../data/payments.ts';
import { BadRequestError, ServiceUnavailableError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { isStripeUnavailable, stripeAccess } from '../lib/stripe.ts';
import { decideStripeEvent, handledEventTypes } from './stripe-events.ts';

/**
 * `POST api/payments/stripe-webhook` (public: Stripe calls it). The `Stripe-Signature` header must
 * sign the body's exact bytes with the endpoint's secret, within Stripe's default tolerance of five
 * minutes (`constructEvent`); anything else is a 400 and changes nothing. A verified event is
 * applied once (its id is stored in the transaction of its change); Stripe only needs a 2xx.
 */
export const stripeWebhookRoute: RouteImpl<'stripeWebhook'> = async ({ rawBody, headers, log }) => {
  const signature = headers['stripe-signature'];
  if (!signature) throw new BadRequestError('The Stripe-Signature header is missing.');
  const { stripe, webhookSecret } = await stripeAccess();
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch (error) {
    log.warn('stripe webhook refused', { error: error instanceof Error ? error.message : String(error) });
    throw new BadRequestError('The Stripe signature of this request is not valid.');
  }
  if (!(handledEventTypes as readonly string[]).includes(event.type)) {
    return { received: true as const, outcome: 'ignored' as const };
  }
  let outcome: 'applied' | 'ignored';
  try {
    outcome = await applyStripeEvent(event, () => decideStripeEvent(event));
  } catch (error) {
    // A refund of a returned payment could not be asked: nothing was recorded, Stripe resends.
    if (isStripeUnavailable(error)) {
      log.warn('stripe unavailable while applying an event', { eventId: event.id, error: String(error) });
      throw new ServiceUnavailableError('Stripe could not be reached; send the event again later.');
    }
    throw error;
  }
  log.info('stripe event', { eventId: event.id, eventType: event.type, outcome });
  return { received: true as const, outcome };
};
