import type { Job } from '@studio/shared/job';
import { formatCents } from '@studio/shared/money';

type PaymentStatus = NonNullable<Job['payment']>['status'];

const labels: Record<PaymentStatus, string> = {
  PENDING: 'Payment pending',
  PAID: 'Paid',
  FAILED: 'Payment failed',
  MISMATCH: 'Payment being checked',
  REFUNDED: 'Refunded',
  PARTIALLY_REFUNDED: 'Partly refunded',
};

/** A job's payment as clients and staff read it; spec §4's "none" is 'Not paid'. */
export function paymentLabel(job: Pick<Job, 'payment'>): string {
  return job.payment ? labels[job.payment.status] : 'Not paid';
}

/** The payment in one line for staff: state, method and, once money moved, what arrived. */
export function paymentSummary(job: Pick<Job, 'payment' | 'currency'>): string {
  const payment = job.payment;
  if (!payment) return 'Not paid';
  const parts = [labels[payment.status], payment.method];
  if (payment.received && payment.status !== 'PENDING') {
    const currency = payment.received.currency;
    parts.push(
      /^(USD|EUR|GBP)$/.test(currency)
        ? `${formatCents(payment.received.amountCents, currency as Job['currency'])} received`
        : `${payment.received.amountCents} cents of ${currency} received`,
    );
  }
  if (payment.refundedCents > 0) parts.push(`${formatCents(payment.refundedCents, job.currency)} refunded`);
  return parts.join(' · ');
}
