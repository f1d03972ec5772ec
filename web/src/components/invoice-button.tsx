import { useMutation } from '@tanstack/react-query';
import type { InvoiceResponse } from '@studio/shared/invoice';
import type { Job } from '@studio/shared/job';
import { isPaid } from '@studio/shared/payment';
import { apiErrorText } from '../lib/api-error-text.ts';

export interface InvoiceButtonProps {
  job: Pick<Job, 'id' | 'invoiceNumber' | 'payment' | 'status'>;
  /** The feature's call of `GET api/jobs/{id}/invoice`, with its own token (client or staff). */
  fetchInvoice: (jobId: string) => Promise<InvoiceResponse>;
  className?: string;
}

/**
 * Downloads a job's invoice, or its receipt once paid. A fresh link (valid a minute) is asked for
 * at each click and opened; the file comes as an attachment, so the page stays where it is. A job
 * cancelled before it was paid has none (#40: nothing is owed).
 */
export function InvoiceButton({ job, fetchInvoice, className = 'button button--secondary' }: InvoiceButtonProps) {
  const download = useMutation({ mutationFn: fetchInvoice });
  if (!job.invoiceNumber || (job.status === 'CANCELLED' && !isPaid(job.payment))) return null;
  const kind = isPaid(job.payment) ? 'receipt' : 'invoice';
  const label = kind === 'receipt' ? 'Download receipt' : 'Download invoice';
  return (
    <span className="invoice-button">
      <button
        type="button"
        className={className}
        disabled={download.isPending}
        aria-label={`${label} ${job.invoiceNumber}`}
        onClick={() => download.mutate(job.id, { onSuccess: (answer) => window.location.assign(answer.url) })}
      >
        {download.isPending ? 'Preparing...' : label}
      </button>
      {download.error && (
        <span className="form__error" role="alert">
          {apiErrorText(download.error, `Failed to download the ${kind}`)}
        </span>
      )}
    </span>
  );
}
