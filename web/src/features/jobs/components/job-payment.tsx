import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Job } from '@studio/shared/job';
import { formatCents } from '@studio/shared/money';
import { isCheckoutMethod, isPaid } from '@studio/shared/payment';
import { formatDateTime } from '../../../lib/format-date.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { getJobQueryOptions } from '../api/get-job.ts';
import { BankTransferDetails } from './bank-transfer.tsx';
import { CreditNotes } from './credit-notes.tsx';
import { InvoiceButton } from '../../../components/invoice-button.tsx';
import { getInvoice } from '../api/get-invoice.ts';
import { JobSummary } from './job-summary.tsx';
import { PaymentForm } from './payment-form.tsx';

/** How long the page waits for Stripe's event after the client comes back from checkout. */
const confirmWaitMs = 60_000;

const paidHeadline: Record<'PAID' | 'REFUNDED' | 'PARTIALLY_REFUNDED', string> = {
  PAID: 'Paid. Thank you! Your receipt is ready.',
  REFUNDED: 'This job was paid and refunded.',
  PARTIALLY_REFUNDED: 'This job was paid and partly refunded.',
};

/**
 * What a paid job's page leads with: what was paid, when and how, and the receipt, so that both
 * fit on the first screen of a phone; the order's details follow below it.
 */
function PaidReceipt({ job }: { job: Job }) {
  const payment = job.payment!;
  const status = payment.status as keyof typeof paidHeadline;
  const amountCents = payment.received?.amountCents ?? job.totalCents;
  return (
    <section className="job-summary payment-receipt" aria-labelledby="payment-receipt-heading">
      <h2 id="payment-receipt-heading">
        Paid {formatCents(amountCents, job.currency)}
        {job.jobNumber ? ` for ${job.jobNumber}` : ''}
      </h2>
      <p className="payment-receipt__state" role="status" data-testid="payment-state">
        {paidHeadline[status]}
      </p>
      {job.invoiceNumber && (
        <p className="payment-documents">
          <InvoiceButton job={job} fetchInvoice={getInvoice} className="button button--primary" />
        </p>
      )}
      <dl className="job-facts">
        {payment.paidAt && (
          <>
            <dt>Paid on</dt>
            <dd>
              <time dateTime={payment.paidAt}>{formatDateTime(payment.paidAt)}</time>
            </dd>
          </>
        )}
        <dt>Method</dt>
        <dd>{payment.method}</dd>
        {payment.refundedCents > 0 && (
          <>
            <dt>Refunded</dt>
            <dd>{formatCents(payment.refundedCents, job.currency)}</dd>
          </>
        )}
      </dl>
      <CreditNotes job={job} />
    </section>
  );
}

/**
 * The payment of one job, in every state: the form while it is to be paid (with the bank details
 * for a transfer), a wait after returning from Stripe (`?checkout=success`: the webhook usually
 * lands first, but Stripe promises no order, so the job is read again until it shows), a note
 * after giving up on Stripe's page (`?checkout=cancelled`), and once paid the receipt first.
 * `unpaidExtra` (the free-trial offer) is shown only while the job is not paid.
 */
export function JobPayment({
  jobId,
  checkout,
  unpaidExtra,
}: {
  jobId: string;
  checkout: 'success' | 'cancelled' | null;
  unpaidExtra?: ReactNode;
}) {
  const [waitingSince] = useState(() => Date.now());
  const [waiting, setWaiting] = useState(checkout === 'success');
  const query = useQuery({
    ...getJobQueryOptions(jobId),
    refetchInterval: (current) => (waiting && !isPaid(current.state.data?.payment ?? null) ? 1000 : false),
  });
  const job = query.data;
  const paid = job ? isPaid(job.payment) : false;
  useEffect(() => {
    if (!waiting) return;
    if (paid || job?.payment?.status === 'MISMATCH') return setWaiting(false);
    const timer = setTimeout(() => setWaiting(false), Math.max(0, confirmWaitMs - (Date.now() - waitingSince)));
    return () => clearTimeout(timer);
  }, [waiting, paid, job?.payment?.status, waitingSince]);

  if (query.isPending) {
    return (
      <p className="page-state" role="status">
        Loading...
      </p>
    );
  }
  if (query.isError) {
    return (
      <p className="page-state page-state--error" role="alert">
        Failed to fetch the job: {apiErrorText(query.error, 'Failed to fetch the job')}
      </p>
    );
  }
  const payment = job!.payment;
  const transfer = payment?.status === 'PENDING' && !isCheckoutMethod(payment.method);
  if (paid) {
    return (
      <>
        <PaidReceipt job={job!} />
        <JobSummary job={job!} />
      </>
    );
  }
  let state: { text: string; tone: 'status' | 'alert' } | null = null;
  if (job!.status === 'CANCELLED') {
    state = { text: 'This job was cancelled, so there is nothing to pay.', tone: 'status' };
  } else if (payment?.status === 'MISMATCH') {
    state = {
      text: 'We received a payment that does not match this job; the studio is checking it and will contact you.',
      tone: 'status',
    };
  } else if (waiting) {
    state = { text: 'Confirming your payment...', tone: 'status' };
  } else if (checkout === 'success') {
    state = {
      text: 'Your payment has not been confirmed yet. Reload this page in a moment, or contact us.',
      tone: 'alert',
    };
  } else if (checkout === 'cancelled' || payment?.status === 'FAILED') {
    state = { text: 'The payment was not completed. You can try again.', tone: 'alert' };
  }
  const mayPay = job!.status !== 'CANCELLED' && payment?.status !== 'MISMATCH' && !waiting;
  return (
    <>
      <JobSummary job={job!} />
      {state && (
        <p
          className={`payment-state${state.tone === 'alert' ? ' payment-state--error' : ''}`}
          role={state.tone}
          data-testid="payment-state"
        >
          {state.text}
        </p>
      )}
      {job!.invoiceNumber && (
        <p className="payment-documents">
          <InvoiceButton job={job!} fetchInvoice={getInvoice} className="button button--secondary" />
        </p>
      )}
      {mayPay && transfer && <BankTransferDetails jobId={job!.id} />}
      {mayPay && <PaymentForm key={job!.id} job={job!} />}
      {unpaidExtra}
    </>
  );
}
