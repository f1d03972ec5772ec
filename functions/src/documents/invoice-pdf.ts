import type { Job } from '@studio/shared/job';
import { vatIncludedCents } from '@studio/shared/invoice';
import { priceJob } from '@studio/shared/job-pricing';
import { formatCents } from '@studio/shared/money';
import { isPaid, jobReference } from '@studio/shared/payment';
import type { StudioSettingsFields } from '@studio/shared/studio-settings';
import { PdfPage, widthOf, winAnsiCodes, writePdf, type FontName, type Rgb } from './pdf-writer.ts';

/*
 * The job's invoice (unpaid) or receipt (paid) as a one-page A4 PDF, drawn with the studio's own
 * small PDF writer (pdf-writer.ts) in the standard Helvetica faces (no font files to ship). Prices include VAT at the studio's rate, so
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
const ink: Rgb = [0.12, 0.12, 0.14];
const muted: Rgb = [0.4, 0.4, 0.45];
const regular: FontName = 'Helvetica';
const bold: FontName = 'Helvetica-Bold';

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
  const title = `${kind === 'receipt' ? 'Receipt' : 'Invoice'} ${job.invoiceNumber ?? ''}`.trim();
  const sheet = new PdfPage(page.width, page.height);
  const writer = new Writer(sheet);

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

  // Totals: the job's stored total is what is owed; VAT is contained in it. The breakdown (#17)
  // first, as stored when the job was priced: subtotal, volume discount, turnaround surcharge.
  const vat = vatIncludedCents(job.totalCents, settings.vatRatePercent);
  const totals: [string, string, boolean][] = [];
  if (job.discountCents > 0 || job.rushSurchargeCents > 0) {
    totals.push(['Subtotal', formatCents(job.subtotalCents, job.currency), false]);
    if (job.discountCents > 0) {
      totals.push([
        `Volume discount ${job.volumeTier?.discountPercent ?? ''} %`,
        `-${formatCents(job.discountCents, job.currency)}`,
        false,
      ]);
    }
    if (job.rushSurchargeCents > 0) {
      totals.push([
        `${job.turnaround?.name ?? 'Turnaround'} x${job.turnaround?.multiplier ?? ''}`,
        formatCents(job.rushSurchargeCents, job.currency),
        false,
      ]);
    }
  }
  totals.push(
    ['Net amount', formatCents(job.totalCents - vat, job.currency), false],
    [`VAT ${settings.vatRatePercent} %`, formatCents(vat, job.currency), false],
    [`Total (${job.currency})`, formatCents(job.totalCents, job.currency), true],
  );
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
  return writePdf([sheet], { title, author: settings.legalName, created: input.now });
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
  font?: FontName;
  color?: Rgb;
  maxWidth?: number;
}

/** Draws text with the standard fonts; characters they cannot encode are written as '?'. */
class Writer {
  constructor(private readonly sheet: PdfPage) {}

  private fit(codes: number[], font: FontName, size: number, maxWidth?: number): number[] {
    if (!maxWidth || widthOf(codes, font, size) <= maxWidth) return codes;
    const dots = winAnsiCodes('...');
    let cut = codes;
    while (cut.length > 1 && widthOf([...cut, ...dots], font, size) > maxWidth) cut = cut.slice(0, -1);
    return [...cut, ...dots];
  }

  text(value: string, x: number, y: number, options: TextOptions): void {
    const font = options.font ?? regular;
    const codes = this.fit(winAnsiCodes(value), font, options.size, options.maxWidth);
    this.sheet.text(codes, x, y, { font, size: options.size, colour: options.color ?? ink });
  }

  /** Text ending at `x` (numbers in columns). */
  right(value: string, x: number, y: number, options: TextOptions): void {
    const font = options.font ?? regular;
    const codes = winAnsiCodes(value);
    const width = widthOf(codes, font, options.size);
    this.sheet.text(codes, x - width, y, { font, size: options.size, colour: options.color ?? ink });
  }

  rule(y: number): void {
    this.sheet.line({ x: page.margin, y }, { x: page.width - page.margin, y }, { thickness: 0.5, colour: muted });
  }
}
