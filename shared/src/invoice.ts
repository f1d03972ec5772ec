import * as z from 'zod/mini';
import { isoDateTimeSchema } from './ids.ts';

/*
 * Invoices and receipts (#16). Every job gets an invoice number when it is created, sequential
 * per calendar year (UTC): `INV-2026-0001`, `INV-2026-0002`, ... A number is never given twice
 * and never reused, also when jobs are deleted. The document is an invoice while the job is
 * unpaid and a receipt once it is paid.
 */

/** `INV-<year>-<n>`, `n` zero-padded to four digits (and longer past 9999). */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `INV-${year}-${String(sequence).padStart(4, '0')}`;
}

/** The year and sequence of an invoice number; null when it is not one. */
export function parseInvoiceNumber(number: string): { year: number; sequence: number } | null {
  const match = /^INV-(\d{4})-(\d{4,})$/.exec(number);
  return match ? { year: Number(match[1]), sequence: Number(match[2]) } : null;
}

/**
 * The VAT contained in a total, whole cents. Prices are VAT-inclusive (the client pays the job's
 * total, nothing on top), so VAT = total x rate / (100 + rate), rounded half up to whole cents once;
 * the net amount is the total less that. Exact integer arithmetic (rate in hundredths of a percent).
 */
export function vatIncludedCents(totalCents: number, ratePercent: number): number {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) throw new RangeError(`not whole cents: ${totalCents}`);
  const basisPoints = BigInt(Math.round(ratePercent * 100));
  if (basisPoints === 0n) return 0;
  const numerator = BigInt(totalCents) * basisPoints * 2n;
  const denominator = (10_000n + basisPoints) * 2n;
  // Half up: floor((2 * total * bp + (10000 + bp)) / (2 * (10000 + bp))).
  return Number((numerator + denominator / 2n) / denominator);
}

/**
 * The member states of the European Union, by ISO 3166-1 code (Greece is `GR` here, though its VAT
 * numbers begin with `EL`). The reverse charge (#35) applies between two of them.
 */
export const euCountryCodes: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];

export const reverseChargeText =
  'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)';

/**
 * Whether an invoice is made out under the reverse charge (#35): the studio and the buyer are
 * established in two different EU member states and the buyer gave a VAT number. The invoice then
 * charges 0 % VAT and says so, with both VAT numbers. Only the form of the VAT number is checked
 * (no VIES lookup).
 */
export function reverseChargeApplies(studioCountry: string, buyer: { country: string; vatNumber: string }): boolean {
  const studio = studioCountry.trim().toUpperCase();
  const country = buyer.country.trim().toUpperCase();
  return (
    euCountryCodes.includes(studio) &&
    euCountryCodes.includes(country) &&
    studio !== country &&
    buyer.vatNumber.trim() !== ''
  );
}

/** Seconds a download link of an invoice stays valid. */
export const invoiceDownloadSeconds = 60;

/** `GET api/jobs/{id}/invoice`: a short-lived link to the job's invoice (or receipt) as a PDF. */
export const invoiceResponseSchema = z.object({
  url: z.string(),
  fileName: z.string(),
  /** `invoice` while unpaid, `receipt` once paid. */
  kind: z.enum(['invoice', 'receipt']),
  invoiceNumber: z.string(),
  expiresAt: isoDateTimeSchema,
});
export type InvoiceResponse = z.infer<typeof invoiceResponseSchema>;
