import * as z from 'zod/mini';
import { idSchema, isoDateTimeSchema } from './ids.ts';
import { currencySchema } from './currency.ts';

/*
 * Credit notes (#40): every refund Stripe confirms for a job gets one, numbered per calendar year
 * (UTC) in a sequence of its own: `CN-2026-0001`, `CN-2026-0002`, ... Like invoice numbers, a
 * number is given once and never reused. The note names the invoice it corrects and the amount
 * given back (VAT included, as the invoice's prices are).
 */

/** `CN-<year>-<n>`, `n` zero-padded to four digits (and longer past 9999). */
export function formatCreditNoteNumber(year: number, sequence: number): string {
  return `CN-${year}-${String(sequence).padStart(4, '0')}`;
}

export const creditNoteNumberSchema = z.string().check(z.regex(/^CN-\d{4}-\d{4,}$/, 'Not a credit note number.'));

/** One credit note of a job, as the list answers it. */
export const creditNoteSchema = z.object({
  number: z.string(),
  /** The invoice it corrects. */
  invoiceNumber: z.nullable(z.string()),
  /** What this refund gave back, whole cents of the job's currency. */
  amountCents: z.int(),
  currency: currencySchema,
  issuedAt: isoDateTimeSchema,
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

/** `GET api/jobs/{id}/credit-notes`: the job's credit notes, oldest first (none: an empty list). */
export const creditNotesResponseSchema = z.object({ creditNotes: z.array(creditNoteSchema) });
export type CreditNotesResponse = z.infer<typeof creditNotesResponseSchema>;

export const creditNoteParamsSchema = z.strictObject({ id: idSchema, number: creditNoteNumberSchema });

/** `GET api/jobs/{id}/credit-notes/{number}`: a short-lived link to the note as a PDF. */
export const creditNoteDocumentResponseSchema = z.object({
  url: z.string(),
  fileName: z.string(),
  number: z.string(),
  expiresAt: isoDateTimeSchema,
});
export type CreditNoteDocumentResponse = z.infer<typeof creditNoteDocumentResponseSchema>;
