import type { Job } from '@studio/shared/job';
import { findAccount } from '../data/account-lookup.ts';
import { getJob } from '../data/jobs.ts';
import { invoiceKey, storeAndPresignInvoice } from '../data/invoice-files.ts';
import { getStudioSettings } from '../data/settings.ts';
import { isPaid } from '@studio/shared/payment';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { lazy } from '../lib/lazy.ts';
import { assertJobPermission } from '../jobs/access.ts';
import { documentKind } from './document-kind.ts';
import type { BilledClient } from './invoice-pdf.ts';
import { organisationBilling } from '../data/organisation-jobs.ts';

// pdfkit and the fonts load with the first document a container writes, not at its start.
const invoicePdf = lazy(() => import('./invoice-pdf.ts'));

/**
 * Who the document bills: the job's own copy (#15), else the account as it is now (Cognito); and
 * the billing details of the job's organisation (#35), which the document is made out to when given.
 */
export async function billedClient(job: Job): Promise<BilledClient> {
  const billing = await organisationBilling(job.organisationId);
  // The stored job, read here in full: the e-mail is null only in an editor's view of a job.
  if (job.client) return { name: job.client.name, email: job.client.email ?? '', billing };
  const account = await findAccount(job.clientId);
  return { name: account?.name ?? '', email: account?.email ?? '', billing };
}

/**
 * `GET api/jobs/{id}/invoice` (the job's client, MANAGER, SUPER_ADMIN): the job's invoice, or its
 * receipt once paid, made now from the job and the studio's settings, and answered as a presigned
 * download valid 60 seconds. Anyone else gets the job's 404. The client's name and e-mail are the
 * ones stored on the job when it was ordered (#15); only a job older than that reads the account.
 */
export const getInvoiceRoute: RouteImpl<'getInvoice'> = async ({ params, caller, log }) => {
  const job = await assertJobPermission(caller!, await getJob(params.id), 'read');
  if (!job.invoiceNumber)
    throw new NotFoundError('This job was ordered before invoices existed; ask the studio for one.');
  // #40: nothing is owed for a job cancelled before it was paid, so there is no bill for it.
  if (job.status === 'CANCELLED' && !isPaid(job.payment)) {
    throw new ConflictError('This job was cancelled before it was paid: nothing is owed, so it has no invoice.');
  }
  const [client, settings, { renderInvoicePdf }] = await Promise.all([
    billedClient(job),
    getStudioSettings(),
    invoicePdf(),
  ]);
  const now = new Date();
  const pdf = await renderInvoicePdf({ job, client, settings, now });
  if (pdf.unprintable.length > 0) {
    // Written as code points on the document (no embedded font has them): docs/decisions/libraries.md.
    log.warn('invoice text has characters no embedded font draws', {
      jobId: job.id,
      codePoints: pdf.unprintable.join(' '),
    });
  }
  const kind = documentKind(job);
  const fileName = `${kind}-${job.invoiceNumber}.pdf`;
  const state = `${job.payment?.status ?? 'NONE'}-${job.updatedAt.replace(/[^0-9]/g, '')}`;
  const { url, expiresAt } = await storeAndPresignInvoice(
    invoiceKey(job.id, `${kind}-${job.invoiceNumber}`, state),
    pdf.bytes,
    fileName,
  );
  return { url, fileName, kind, invoiceNumber: job.invoiceNumber, expiresAt };
};
