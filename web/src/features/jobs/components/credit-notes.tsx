import { useMutation } from '@tanstack/react-query';
import type { Job } from '@studio/shared/job';
import { formatCents } from '@studio/shared/money';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { getCreditNote, useCreditNotes } from '../api/credit-notes.ts';

/**
 * The credit notes of a refunded job (#40), each with its download: one per refund, as the "refund
 * made" e-mail names it. Nothing for a job with nothing refunded. A refund asked of Stripe and not
 * confirmed yet has no note: the line says so.
 */
export function CreditNotes({ job }: { job: Job }) {
  const refunded = (job.payment?.refundedCents ?? 0) > 0;
  const notes = useCreditNotes(job.id, refunded);
  const download = useMutation({
    mutationFn: (number: string) => getCreditNote(job.id, number),
    onSuccess: (answer) => window.location.assign(answer.url),
  });
  if (!refunded) return null;
  return (
    <section className="credit-notes" aria-labelledby={`credit-notes-${job.id}`}>
      <h3 id={`credit-notes-${job.id}`}>Credit notes</h3>
      {notes.isPending && <p className="form__hint">Loading the credit notes...</p>}
      {notes.isError && (
        <p className="form__error" role="alert">
          {apiErrorText(notes.error, 'Failed to load the credit notes')}
        </p>
      )}
      {notes.data && notes.data.length === 0 && (
        <p className="form__hint">The refund is being confirmed; its credit note appears here once it is.</p>
      )}
      {notes.data && notes.data.length > 0 && (
        <ul className="credit-notes__list">
          {notes.data.map((note) => (
            <li key={note.number}>
              <span>
                {note.number}: {formatCents(note.amountCents, note.currency)} refunded on{' '}
                <time dateTime={note.issuedAt}>{formatDateTime(note.issuedAt)}</time>
              </span>{' '}
              <button
                type="button"
                className="button button--secondary"
                disabled={download.isPending && download.variables === note.number}
                aria-label={`Download credit note ${note.number}`}
                onClick={() => download.mutate(note.number)}
              >
                {download.isPending && download.variables === note.number ? 'Preparing...' : 'Download'}
              </button>
            </li>
          ))}
        </ul>
      )}
      {download.error && (
        <p className="form__error" role="alert">
          {apiErrorText(download.error, 'Failed to download the credit note')}
        </p>
      )}
    </section>
  );
}
