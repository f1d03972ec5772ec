import { formatCents } from '@studio/shared/money';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useBankTransfer } from '../api/get-bank-transfer.ts';

/**
 * How to pay by transfer (Internet Banking, PhonePe, Other): the studio's bank details, the amount
 * and the job's reference to quote. Staff mark the job paid once the money has arrived.
 */
export function BankTransferDetails({ jobId }: { jobId: string }) {
  const transfer = useBankTransfer(jobId);
  if (transfer.isPending) return <p role="status">Loading the bank details...</p>;
  if (transfer.isError) {
    return (
      <p className="form__alert" role="alert">
        {apiErrorText(transfer.error, 'Failed to load the bank details.')}
      </p>
    );
  }
  const details = transfer.data;
  return (
    <section className="job-summary bank-transfer" aria-labelledby="bank-transfer-heading">
      <h2 id="bank-transfer-heading">Pay by bank transfer</h2>
      {details.bankDetails ? (
        <dl className="job-facts">
          <dt>Pay to</dt>
          <dd>{details.payee}</dd>
          <dt>Bank details</dt>
          <dd className="bank-transfer__details">{details.bankDetails}</dd>
          <dt>Amount</dt>
          <dd>
            <strong>{formatCents(details.amountCents, details.currency)}</strong>
          </dd>
          <dt>Reference</dt>
          <dd>
            <strong className="bank-transfer__reference">{details.reference}</strong>
          </dd>
        </dl>
      ) : (
        <p>The studio has not entered its bank details yet. Please contact us and quote {details.reference}.</p>
      )}
      <p className="form__hint">
        Write the reference on your transfer. We mark the job paid as soon as the money arrives; this page and Your Jobs
        then show it as Paid.
      </p>
    </section>
  );
}
