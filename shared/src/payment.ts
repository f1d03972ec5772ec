import * as z from 'zod/mini';
import { currencySchema } from './currency.ts';
import { isoDateTimeSchema } from './ids.ts';
import { jobSchema, paymentMethods, type Job, type JobPayment, type PaymentStatus } from './job.ts';
import { requiredText } from './text.ts';

/*
 * Payments for real (#16): Stripe Checkout for cards and wallets, bank transfer (and the other
 * methods) marked paid by staff, refunds, and the history of every payment change. Bodies are
 * strict: what moves money is decided by the server from the stored job.
 */

/** Methods paid through Stripe Checkout; the others are paid outside and marked paid by staff. */
export const checkoutMethods = [
  'Credit/Debit Card',
  'GooglePay',
  'PayPal',
] as const satisfies readonly (typeof paymentMethods)[number][];
/** Methods paid by the client outside the site: the page shows the studio's bank details. */
export const transferMethods = [
  'Internet Banking',
  'PhonePe',
  'Other',
] as const satisfies readonly (typeof paymentMethods)[number][];

export function isCheckoutMethod(method: string): boolean {
  return (checkoutMethods as readonly string[]).includes(method);
}

/** Statuses after which the job's money is in (or was, and went back): nothing more to pay. */
const settledStatuses: readonly PaymentStatus[] = ['PAID', 'REFUNDED', 'PARTIALLY_REFUNDED'];

/** Whether the job is paid: PAID, or paid and then (partly) refunded. */
export function isPaid(payment: Pick<JobPayment, 'status'> | null): boolean {
  return payment !== null && settledStatuses.includes(payment.status);
}

/**
 * Whether the client may still pay (start a checkout, see the bank details): not paid, not
 * waiting for staff to look at a mismatch, and the job not cancelled.
 */
export function mayStillPay(job: Pick<Job, 'status' | 'payment'>): boolean {
  if (job.status === 'CANCELLED') return false;
  return job.payment === null || job.payment.status === 'PENDING' || job.payment.status === 'FAILED';
}

/**
 * The reference a client writes on a bank transfer and staff look for: the job number (#15,
 * `RS-2026-0042`), which every job created since #15 bears; a job older than job numbers has its
 * invoice number, else its id. One function, so the payment page, the Stripe line, the invoice or
 * receipt and the staff console always name the same reference.
 */
export function jobReference(job: Pick<Job, 'id' | 'jobNumber' | 'invoiceNumber'>): string {
  return job.jobNumber ?? job.invoiceNumber ?? job.id;
}

/** `POST api/jobs/{id}/checkout`: where to send the client (Stripe's hosted page). */
export const checkoutResponseSchema = z.object({
  url: z.url({ protocol: /^https?$/ }),
  /** The Checkout Session's id (`cs_...`). */
  sessionId: z.string(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** The most a bank reference staff enter may be. */
export const maxReferenceLength = 140;
export const maxRefundReasonLength = 500;

const wholeCentsSchema = (message: string) =>
  z.int(message).check(z.minimum(1, message), z.maximum(Number.MAX_SAFE_INTEGER, message));

/** `PUT api/jobs/{id}/payment/mark-paid` (MANAGER, SUPER_ADMIN): a transfer staff received. */
export const markPaidBodySchema = z.strictObject({
  /** What arrived, whole cents of the job's currency; must be the job's total. */
  amountCents: wholeCentsSchema('Enter the amount received, more than 0.'),
  /** The bank's reference of the transfer (or a note saying where the money came from). */
  reference: requiredText({
    max: maxReferenceLength,
    requiredMessage: 'Enter the reference of the transfer.',
    maxMessage: `The reference must be at most ${maxReferenceLength} characters.`,
  }),
  /** How it was paid; the method the client chose (or Internet Banking) when absent. */
  method: z.optional(z.enum(paymentMethods)),
});
export type MarkPaidBody = z.infer<typeof markPaidBodySchema>;

/** `POST api/jobs/{id}/refund` (SUPER_ADMIN): a refund through Stripe. */
export const refundBodySchema = z.strictObject({
  /** Whole cents to give back; everything not yet refunded when absent. */
  amountCents: z.optional(wholeCentsSchema('Enter the amount to refund, more than 0.')),
  reason: requiredText({
    max: maxRefundReasonLength,
    multiline: true,
    requiredMessage: 'Say why the job is refunded.',
    maxMessage: `The reason must be at most ${maxRefundReasonLength} characters.`,
  }),
});
export type RefundBody = z.infer<typeof refundBodySchema>;

export const refundResponseSchema = z.object({
  job: jobSchema,
  /** The refund as Stripe answered it; the job changes once Stripe's `charge.refunded` arrives. */
  refund: z.object({ id: z.string(), amountCents: z.int(), currency: currencySchema, status: z.string() }),
});

/** `GET api/jobs/{id}/payment/bank-transfer`: what the client needs to pay by transfer. */
export const bankTransferResponseSchema = z.object({
  /** Who to pay: the studio's legal name. */
  payee: z.string(),
  /** Bank details as the studio entered them (several lines). */
  bankDetails: z.string(),
  /** What to write as the transfer's reference. */
  reference: z.string(),
  amountCents: z.int(),
  currency: currencySchema,
});
export type BankTransferResponse = z.infer<typeof bankTransferResponseSchema>;

/**
 * One entry of a job's history (who, when, what). Append-only items under the job, written in the
 * same transaction as the change they describe. Payments write `kind: 'payment'`; issue 17's
 * timeline adds its own kinds to the same list.
 */
export const historyActorSchema = z.object({
  /** `client`, a staff role, `provider` (a Stripe event) or `system`. */
  kind: z.enum(['client', 'staff', 'provider', 'system']),
  /** The account's id (client, staff) or the provider's event id. */
  id: z.nullable(z.string()),
  /** The staff role, for staff. */
  role: z.nullable(z.string()),
});
export type HistoryActor = z.infer<typeof historyActorSchema>;

export const paymentHistoryActions = [
  'method-chosen',
  'checkout-started',
  'paid',
  'failed',
  'mismatch',
  'returned',
  'marked-paid',
  'refund-requested',
  'refund-refused',
  'refunded',
] as const;

export const historyEntrySchema = z.object({
  id: z.string(),
  at: isoDateTimeSchema,
  kind: z.string(),
  action: z.string(),
  actor: historyActorSchema,
  /** Human-readable summary, e.g. 'Paid €12.00 by card (Stripe)'. */
  summary: z.string(),
  /** The payment status after the change, for payment entries. */
  paymentStatus: z.nullable(z.string()),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** `GET api/jobs/{id}/history`: oldest first. */
export const jobHistoryResponseSchema = z.object({ history: z.array(historyEntrySchema) });

/** `POST api/payments/stripe-webhook`: Stripe only needs a 2xx; the body says what was done. */
export const webhookResponseSchema = z.object({
  received: z.literal(true),
  /** `applied`: the event changed the job; `ignored`: already processed, stale, or not ours. */
  outcome: z.enum(['applied', 'ignored']),
});
