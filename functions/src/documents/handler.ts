import { documentsRoutes } from '@studio/shared/routes/documents';
import { createGroupHandler } from '../lib/http.ts';
import { getCreditNoteRoute, listCreditNotesRoute } from './credit-notes.ts';
import { getInvoiceRoute } from './get-invoice.ts';

/**
 * Documents (#16): invoices and receipts as PDF, and credit notes (#40). A group of its own, since the PDF library is
 * most of its bundle (docs/decisions/payments.md, "Invoices").
 */
export const handler = createGroupHandler(documentsRoutes, {
  getInvoice: getInvoiceRoute,
  listCreditNotes: listCreditNotesRoute,
  getCreditNote: getCreditNoteRoute,
});
