import { getCreditNote, listCreditNotes } from '../data/credit-notes.ts';
import { invoiceKey, storeAndPresignInvoice } from '../data/invoice-files.ts';
import { getJob } from '../data/jobs.ts';
import { getStudioSettings } from '../data/settings.ts';
import { NotFoundError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { lazy } from '../lib/lazy.ts';
import { assertJobPermission } from '../jobs/access.ts';
import { billedClient } from './get-invoice.ts';

const documentsPdf = lazy(() => import('./invoice-pdf.ts'));

/**
 * `GET api/jobs/{id}/credit-notes` (the job's client, MANAGER, SUPER_ADMIN): the credit notes of
 * the job's refunds (#40), one per refund Stripe confirmed, oldest first. Anyone else gets the
 * job's 404.
 */
export const listCreditNotesRoute: RouteImpl<'listCreditNotes'> = async ({ params, caller }) => {
  const job = await assertJobPermission(caller!, await getJob(params.id), 'read');
  return { creditNotes: await listCreditNotes(job.id) };
};

/**
 * `GET api/jobs/{id}/credit-notes/{number}` (the same readers): the note as a PDF, made now from
 * its facts (kept as written) and the studio's details, answered as a presigned download valid 60
 * seconds, like the invoice.
 */
export const getCreditNoteRoute: RouteImpl<'getCreditNote'> = async ({ params, caller, log }) => {
  const job = await assertJobPermission(caller!, await getJob(params.id), 'read');
  const note = await getCreditNote(job.id, params.number);
  if (!note) throw new NotFoundError('This job has no credit note of that number.');
  const [client, settings, { renderCreditNotePdf }] = await Promise.all([
    billedClient(job),
    getStudioSettings(),
    documentsPdf(),
  ]);
  const pdf = await renderCreditNotePdf({ job, note, client, settings, now: new Date() });
  if (pdf.unprintable.length > 0) {
    log.warn('credit note text has characters no embedded font draws', {
      jobId: job.id,
      codePoints: pdf.unprintable.join(' '),
    });
  }
  const fileName = `credit-note-${note.number}.pdf`;
  const { url, expiresAt } = await storeAndPresignInvoice(
    invoiceKey(job.id, `credit-note-${note.number}`, 'ISSUED'),
    pdf.bytes,
    fileName,
  );
  return { url, fileName, number: note.number, expiresAt };
};
