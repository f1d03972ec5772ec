import type { Job } from '@studio/shared/job';
import { vatIncludedCents } from '@studio/shared/invoice';
import { priceJob } from '@studio/shared/job-pricing';
import { formatCents } from '@studio/shared/money';
import { isPaid, jobReference } from '@studio/shared/payment';
import type { StudioSettingsFields } from '@studio/shared/studio-settings';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/*
 * The job's invoice (unpaid) or receipt (paid) as a one-page A4 PDF, drawn with pdf-lib and the
 * standard Helvetica faces (no font files to ship). Prices include VAT at the studio's rate, so
 * the total is exactly what the client pays; the VAT in it is shown below the lines.
 */

export interface InvoiceInput {
  job: Job;
  client: { name: string; email: string };
  settings: StudioSettingsFields;
  /** When the document is made; the issue date is the job's creation. */
  now: Date;
}

const page = { width: 595.28, height: 841.89, margin: 50 };
const ink = rgb(0.12, 0.12, 0.14);
const muted = rgb(0.4, 0.4, 0.45);

const day = (iso: string) => iso.slice(0, 10);

export function documentKind(job: Job): 'invoice' | 'receipt' {
  return isPaid(job.payment) ? 'receipt' : 'invoice';
}

function statusLine(job: Job): string {
  const payment = job.payment;
  if (job.status === 'CANCELLED' && !isPaid(payment)) return 'Cancelled: nothing to pay';
  if (!payment) return 'Unpaid';
  const refunded = payment.refundedCents > 0 ? `, ${formatCents(payment.refundedCents, job.currency)} refunded` : '';
  switch (payment.status) {
    case 'PAID':
    case 'REFUNDED':
    case 'PARTIALLY_REFUNDED':
      return `Paid on ${day(payment.paidAt ?? payment.updatedAt)} by ${payment.method}${refunded}`;
    case 'PENDING':
      return `Payment pending (${payment.method})`;
    case 'FAILED':
      return 'Unpaid: the last payment attempt did not go through';
    case 'MISMATCH':
      return 'Payment being checked by the studio';
  }
}

/** The invoice or receipt of a job, as PDF bytes. */
export async function renderInvoicePdf(input: InvoiceInput): Promise<Uint8Array> {
  const { job, client, settings } = input;
  const kind = documentKind(job);
  const doc = await PDFDocument.create();
  const title = `${kind === 'receipt' ? 'Receipt' : 'Invoice'} ${job.invoiceNumber ?? ''}`.trim();
  doc.setTitle(title);
  doc.setAuthor(settings.legalName);
  doc.setCreationDate(input.now);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const sheet = doc.addPage([page.width, page.height]);
  const writer = new Writer(sheet, regular);

  // Head: the document's kind and number on the left, the studio on the right.
  writer.text(kind === 'receipt' ? 'RECEIPT' : 'INVOICE', page.margin, 790, { size: 22, font: bold });
  let right = 790;
  for (const line of [settings.legalName, ...lines(settings.address), settings.taxId && `Tax ID: ${settings.taxId}`]) {
    if (!line) continue;
    writer.right(line, page.width - page.margin, right, {
      size: line === settings.legalName ? 11 : 9,
      font: line === settings.legalName ? bold : regular,
    });
    right -= 13;
  }

  let y = 750;
  const facts: [string, string][] = [
    ['Invoice number', job.invoiceNumber ?? '-'],
    ['Job number', jobReference(job)],
    ['Issued', day(job.createdAt)],
    ['Status', statusLine(job)],
  ];
  for (const [label, value] of facts) {
    writer.text(label, page.margin, y, { size: 10, color: muted });
    writer.text(value, page.margin + 110, y, { size: 10 });
    y -= 15;
  }

  y -= 15;
  writer.text('Bill to', page.margin, y, { size: 10, font: bold });
  y -= 15;
  for (const line of [client.name, client.email]) {
    if (!line) continue;
    writer.text(line, page.margin, y, { size: 10 });
    y -= 14;
  }

  // Lines: one per subservice, the price per photo times the photos.
  y -= 20;
  const columns = { photos: 360, unit: 450, amount: page.width - page.margin };
  writer.text('Description', page.margin, y, { size: 9, font: bold });
  writer.right('Photos', columns.photos, y, { size: 9, font: bold });
  writer.right('Unit price', columns.unit, y, { size: 9, font: bold });
  writer.right('Amount', columns.amount, y, { size: 9, font: bold });
  y -= 6;
  writer.rule(y);
  y -= 14;
  const price = priceJob({ lines: job.subServices, photos: job.numberOfPhotos, currency: job.currency });
  for (const line of price.lines) {
    writer.text(`${job.serviceName}: ${line.name}`, page.margin, y, { size: 10, maxWidth: 280 });
    writer.right(String(job.numberOfPhotos), columns.photos, y, { size: 10 });
    writer.right(formatCents(line.unitPriceCents, job.currency), columns.unit, y, { size: 10 });
    writer.right(formatCents(line.amountCents, job.currency), columns.amount, y, { size: 10 });
    y -= 16;
    if (y < 200) break;
  }
  writer.rule(y + 8);

  // Totals: the job's stored total is what is owed; VAT is contained in it.
  const vat = vatIncludedCents(job.totalCents, settings.vatRatePercent);
  const totals: [string, string, boolean][] = [
    ['Net amount', formatCents(job.totalCents - vat, job.currency), false],
    [`VAT ${settings.vatRatePercent} %`, formatCents(vat, job.currency), false],
    [`Total (${job.currency})`, formatCents(job.totalCents, job.currency), true],
  ];
  const payment = job.payment;
  if (payment && isPaid(payment))
    totals.push(['Paid', formatCents(payment.received?.amountCents ?? job.totalCents, job.currency), false]);
  if (payment && payment.refundedCents > 0)
    totals.push(['Refunded', formatCents(payment.refundedCents, job.currency), false]);
  if (!isPaid(payment) && job.status !== 'CANCELLED')
    totals.push(['Amount due', formatCents(job.totalCents, job.currency), true]);
  y -= 10;
  for (const [label, value, strong] of totals) {
    const font = strong ? bold : regular;
    writer.right(label, columns.unit, y, { size: 10, font });
    writer.right(value, columns.amount, y, { size: 10, font });
    y -= 15;
  }

  // How to pay, while something is due.
  if (!isPaid(payment) && job.status !== 'CANCELLED' && settings.bankDetails) {
    y -= 20;
    writer.text('Pay by bank transfer', page.margin, y, { size: 10, font: bold });
    y -= 14;
    for (const line of [...lines(settings.bankDetails), `Reference: ${jobReference(job)}`]) {
      writer.text(line, page.margin, y, { size: 9 });
      y -= 12;
    }
  }

  writer.text(
    `${settings.legalName}. Prices include VAT${settings.vatRatePercent === 0 ? ' at 0 %' : ''}.`,
    page.margin,
    40,
    { size: 8, color: muted },
  );
  return doc.save();
}

function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 8);
}

interface TextOptions {
  size: number;
  font?: PDFFont;
  color?: ReturnType<typeof rgb>;
  maxWidth?: number;
}

/** Draws text with the standard fonts; characters they cannot encode are written as '?'. */
class Writer {
  private readonly charsets = new Map<PDFFont, Set<number>>();

  constructor(
    private readonly sheet: PDFPage,
    private readonly regular: PDFFont,
  ) {}

  private encodable(text: string, font: PDFFont): string {
    let charset = this.charsets.get(font);
    if (!charset) {
      charset = new Set(font.getCharacterSet());
      this.charsets.set(font, charset);
    }
    const known = charset;
    return Array.from(text.replace(/\s+/g, ' '), (char) => (known.has(char.codePointAt(0)!) ? char : '?')).join('');
  }

  private fit(text: string, font: PDFFont, size: number, maxWidth?: number): string {
    if (!maxWidth || font.widthOfTextAtSize(text, size) <= maxWidth) return text;
    let cut = text;
    while (cut.length > 1 && font.widthOfTextAtSize(`${cut}...`, size) > maxWidth) cut = cut.slice(0, -1);
    return `${cut}...`;
  }

  text(value: string, x: number, y: number, options: TextOptions): void {
    const font = options.font ?? this.regular;
    const text = this.fit(this.encodable(value, font), font, options.size, options.maxWidth);
    this.sheet.drawText(text, { x, y, size: options.size, font, color: options.color ?? ink });
  }

  /** Text ending at `x` (numbers in columns). */
  right(value: string, x: number, y: number, options: TextOptions): void {
    const font = options.font ?? this.regular;
    const text = this.encodable(value, font);
    const width = font.widthOfTextAtSize(text, options.size);
    this.sheet.drawText(text, { x: x - width, y, size: options.size, font, color: options.color ?? ink });
  }

  rule(y: number): void {
    this.sheet.drawLine({
      start: { x: page.margin, y },
      end: { x: page.width - page.margin, y },
      thickness: 0.5,
      color: muted,
    });
  }
}
