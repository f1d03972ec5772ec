import type { Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { reverseChargeApplies, reverseChargeText, vatIncludedCents } from '@studio/shared/invoice';
import type { Job } from '@studio/shared/job';
import type { BillingDetails } from '@studio/shared/organisation';
import { priceJob } from '@studio/shared/job-pricing';
import { formatCents } from '@studio/shared/money';
import { isPaid, jobReference } from '@studio/shared/payment';
import type { StudioSettingsFields } from '@studio/shared/studio-settings';
import type { CreditNoteFacts } from '../data/credit-notes.ts';
import { documentKind } from './document-kind.ts';
import { fontOf, fontPath, type FontFace } from './fonts.ts';

/*
 * The job's invoice (unpaid) or receipt (paid) as an A4 PDF, written with pdfkit in Noto Sans,
 * whose used glyphs are embedded as a subset (fonts.ts), so names and addresses in Latin, Greek,
 * Cyrillic, Vietnamese... print exactly, and Chinese and Japanese in a second font. Prices include
 * VAT at the studio's rate, so the total is exactly what the client pays; the VAT in it is shown
 * below the lines. The lines run on as many pages as they need: each page repeats the lines' head
 * and says "Page x of y"; the totals and the bank details are kept together on the last page.
 * This module is loaded by the documents route on its first use (get-invoice.ts), not at start.
 */

/**
 * Whom a document bills: the client's name and e-mail, and, for a job of an organisation that gave
 * them (#35), the organisation's billing details, which the document is then made out to.
 */
export interface BilledClient {
  name: string;
  email: string;
  billing?: BillingDetails | null;
}

export interface InvoiceInput {
  job: Job;
  client: BilledClient;
  settings: StudioSettingsFields;
  /** When the document is made; the issue date is the job's creation. */
  now: Date;
}

export interface InvoicePdf {
  bytes: Uint8Array;
  pages: number;
  /** Characters no embedded font draws, written as their code points (`U+D55C`); empty as a rule. */
  unprintable: string[];
}

const page = { width: 595.28, height: 841.89, margin: 50 };
const rightEdge = page.width - page.margin;
/** Where body text stops: below it are the footer's note and the page number. */
const bodyBottom = page.height - 70;
const footerBaseline = page.height - 40;
const ink = '#1f1f24';
const muted = '#666673';

type Weight = 'regular' | 'bold';

interface TextOptions {
  size: number;
  weight?: Weight;
  color?: string;
  /** `right`: the text ends at x (numbers in columns). */
  align?: 'left' | 'right';
}

const day = (iso: string) => iso.slice(0, 10);

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

function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 8);
}

/** Totals as label, amount and whether the line is strong: the breakdown first, as stored (#17). */
function totalLines(job: Job, settings: StudioSettingsFields): [string, string, boolean][] {
  const money = (cents: number) => formatCents(cents, job.currency);
  // The job's stored total is what is owed; VAT is contained in it.
  const vat = vatIncludedCents(job.totalCents, settings.vatRatePercent);
  const totals: [string, string, boolean][] = [];
  if (job.discountCents > 0 || job.rushSurchargeCents > 0) {
    totals.push(['Subtotal', money(job.subtotalCents), false]);
    if (job.discountCents > 0) {
      totals.push([
        `Volume discount ${job.volumeTier?.discountPercent ?? ''} %`,
        `-${money(job.discountCents)}`,
        false,
      ]);
    }
    if (job.rushSurchargeCents > 0) {
      totals.push([
        `${job.turnaround?.name ?? 'Turnaround'} x${job.turnaround?.multiplier ?? ''}`,
        money(job.rushSurchargeCents),
        false,
      ]);
    }
  }
  totals.push(
    ['Net amount', money(job.totalCents - vat), false],
    [`VAT ${settings.vatRatePercent} %`, money(vat), false],
    [`Total (${job.currency})`, money(job.totalCents), true],
  );
  const payment = job.payment;
  if (payment && isPaid(payment)) totals.push(['Paid', money(payment.received?.amountCents ?? job.totalCents), false]);
  if (payment && payment.refundedCents > 0) totals.push(['Refunded', money(payment.refundedCents), false]);
  if (!isPaid(payment) && job.status !== 'CANCELLED') totals.push(['Amount due', money(job.totalCents), true]);
  return totals;
}

/** A new A4 document in the studio's fonts, its typesetter, and how to finish it. */
function openDocument(title: string, settings: StudioSettingsFields, now: Date) {
  const doc = new PDFDocument({
    size: [page.width, page.height],
    // Everything is placed by coordinates; no margin may move text onto a page of its own.
    margin: 0,
    bufferPages: true,
    font: fontPath('regular'),
    info: { Title: title, Author: settings.legalName, Creator: settings.legalName, CreationDate: now },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const written = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const type = new Typesetter(doc);
  /** Every page's foot (the studio's note, the page number, written once the count is known), then the bytes. */
  const finish = async (): Promise<InvoicePdf> => {
    const { start, count } = doc.bufferedPageRange();
    const note = `${settings.legalName}. Prices include VAT${settings.vatRatePercent === 0 ? ' at 0 %' : ''}.`;
    for (let index = 0; index < count; index++) {
      doc.switchToPage(start + index);
      type.draw(note, page.margin, footerBaseline, { size: 8, color: muted });
      type.draw(`Page ${index + 1} of ${count}`, rightEdge, footerBaseline, { size: 8, color: muted, align: 'right' });
    }
    doc.end();
    await written;
    return { bytes: new Uint8Array(Buffer.concat(chunks)), pages: count, unprintable: [...type.unprintable] };
  };
  return { doc, type, finish };
}

/**
 * The head of a document: its kind on the left, the studio on the right; then its facts and whom
 * it is for. Answers where the body starts.
 */
function drawHead(
  type: Typesetter,
  heading: string,
  settings: StudioSettingsFields,
  facts: [string, string][],
  client: BilledClient,
  reverseCharge = false,
): number {
  type.draw(heading, page.margin, 52, { size: 22, weight: 'bold' });
  let studioY = 52;
  for (const line of [settings.legalName, ...lines(settings.address), settings.taxId && `Tax ID: ${settings.taxId}`]) {
    if (!line) continue;
    const isName = line === settings.legalName;
    type.draw(line, rightEdge, studioY, { size: isName ? 11 : 9, weight: isName ? 'bold' : 'regular', align: 'right' });
    studioY += 13;
  }
  let y = 92;
  for (const [label, value] of facts) {
    type.draw(label, page.margin, y, { size: 10, color: muted });
    type.draw(value, page.margin + 110, y, { size: 10 });
    y += 15;
  }
  y += 15;
  type.draw('Bill to', page.margin, y, { size: 10, weight: 'bold' });
  y += 15;
  const billing = client.billing?.legalName ? client.billing : null;
  const billTo = billing
    ? [
        billing.legalName,
        ...lines(billing.addressLines),
        billing.country,
        billing.vatNumber && `VAT number: ${billing.vatNumber}`,
        client.email,
      ]
    : [client.name, client.email];
  for (const line of billTo) {
    if (!line) continue;
    type.draw(line, page.margin, y, { size: 10 });
    y += 14;
  }
  if (reverseCharge && billing) {
    // #35: an EU business in another member state than the studio's, with its VAT number.
    y += 6;
    type.draw(reverseChargeText, page.margin, y, { size: 8, weight: 'bold' });
    y += 12;
    type.draw(
      `Supplier VAT number: ${settings.taxId || '-'}   Customer VAT number: ${billing.vatNumber}`,
      page.margin,
      y,
      {
        size: 8,
      },
    );
    y += 12;
  }
  return Math.max(y, studioY) + 20;
}

/** The invoice or receipt of a job, as PDF bytes. */
export async function renderInvoicePdf(input: InvoiceInput): Promise<InvoicePdf> {
  const { job, client } = input;
  // The reverse charge (#35): 0 % VAT, said on the document with both VAT numbers.
  const reverseCharge =
    !!client.billing?.legalName && reverseChargeApplies(input.settings.country ?? '', client.billing);
  const settings = reverseCharge ? { ...input.settings, vatRatePercent: 0 } : input.settings;
  const kind = documentKind(job);
  const title = `${kind === 'receipt' ? 'Receipt' : 'Invoice'} ${job.invoiceNumber ?? ''}`.trim();
  const { doc, type, finish } = openDocument(title, settings, input.now);
  let y = drawHead(
    type,
    kind === 'receipt' ? 'RECEIPT' : 'INVOICE',
    settings,
    [
      ['Invoice number', job.invoiceNumber ?? '-'],
      ['Job number', jobReference(job)],
      ['Issued', day(job.createdAt)],
      ['Status', statusLine(job)],
    ],
    client,
    reverseCharge,
  );

  const columns = { description: 280, photos: 360, unit: 450, amount: rightEdge };
  const rule = (at: number) =>
    doc.moveTo(page.margin, at).lineTo(rightEdge, at).lineWidth(0.5).strokeColor(muted).stroke();
  const nextPage = () => {
    doc.addPage({ size: [page.width, page.height], margin: 0 });
    type.draw(`${title} (continued)`, page.margin, 52, { size: 11, weight: 'bold' });
    y = 82;
  };
  const linesHead = () => {
    type.draw('Description', page.margin, y, { size: 9, weight: 'bold' });
    type.draw('Photos', columns.photos, y, { size: 9, weight: 'bold', align: 'right' });
    type.draw('Unit price', columns.unit, y, { size: 9, weight: 'bold', align: 'right' });
    type.draw('Amount', columns.amount, y, { size: 9, weight: 'bold', align: 'right' });
    rule(y + 6);
    y += 20;
  };

  // Lines: one per subservice, the price per photo times the photos; a long description wraps.
  linesHead();
  const price = priceJob({ lines: job.subServices, photos: job.numberOfPhotos, currency: job.currency });
  for (const line of price.lines) {
    const description = type.wrap(`${job.serviceName}: ${line.name}`, columns.description, { size: 10 });
    const height = 16 + (description.length - 1) * 13;
    if (y + height - 16 > bodyBottom) {
      nextPage();
      linesHead();
    }
    description.forEach((text, index) => type.draw(text, page.margin, y + index * 13, { size: 10 }));
    type.draw(String(job.numberOfPhotos), columns.photos, y, { size: 10, align: 'right' });
    type.draw(formatCents(line.unitPriceCents, job.currency), columns.unit, y, { size: 10, align: 'right' });
    type.draw(formatCents(line.amountCents, job.currency), columns.amount, y, { size: 10, align: 'right' });
    y += height;
  }
  rule(y - 8);

  // Totals and how to pay, together: on a page of their own when they no longer fit.
  const totals = totalLines(job, settings);
  const bank =
    !isPaid(job.payment) && job.status !== 'CANCELLED' && settings.bankDetails
      ? [...lines(settings.bankDetails), `Reference: ${jobReference(job)}`]
      : [];
  const closingHeight = 10 + totals.length * 15 + (bank.length > 0 ? 34 + bank.length * 12 : 0);
  if (y + closingHeight > bodyBottom) nextPage();
  y += 10;
  for (const [label, value, strong] of totals) {
    const weight: Weight = strong ? 'bold' : 'regular';
    type.draw(label, columns.unit, y, { size: 10, weight, align: 'right' });
    type.draw(value, columns.amount, y, { size: 10, weight, align: 'right' });
    y += 15;
  }
  if (bank.length > 0) {
    y += 20;
    type.draw('Pay by bank transfer', page.margin, y, { size: 10, weight: 'bold' });
    y += 14;
    for (const line of bank) {
      type.draw(line, page.margin, y, { size: 9 });
      y += 12;
    }
  }

  return finish();
}

export interface CreditNoteInput {
  job: Job;
  note: CreditNoteFacts;
  client: BilledClient;
  settings: StudioSettingsFields;
  now: Date;
}

/**
 * A credit note (#40) as PDF bytes: what one refund gave back of the job's invoice, VAT included
 * at the studio's rate as the invoice's prices are, on one page in the invoice's form.
 */
export async function renderCreditNotePdf(input: CreditNoteInput): Promise<InvoicePdf> {
  const { job, note, client, settings } = input;
  const { doc, type, finish } = openDocument(`Credit note ${note.number}`, settings, input.now);
  const money = (cents: number) => formatCents(cents, note.currency);
  let y = drawHead(
    type,
    'CREDIT NOTE',
    settings,
    [
      ['Credit note', note.number],
      ['Corrects invoice', note.invoiceNumber ?? '-'],
      ['Job number', jobReference(job)],
      ['Issued', day(note.issuedAt)],
    ],
    client,
  );
  type.draw('Description', page.margin, y, { size: 9, weight: 'bold' });
  type.draw('Amount', rightEdge, y, { size: 9, weight: 'bold', align: 'right' });
  doc
    .moveTo(page.margin, y + 6)
    .lineTo(rightEdge, y + 6)
    .lineWidth(0.5)
    .strokeColor(muted)
    .stroke();
  y += 20;
  const description = type.wrap(`Refund of the payment for ${jobReference(job)} (${job.serviceName})`, 360, {
    size: 10,
  });
  description.forEach((text, index) => type.draw(text, page.margin, y + index * 13, { size: 10 }));
  type.draw(`-${money(note.amountCents)}`, rightEdge, y, { size: 10, align: 'right' });
  y += 16 + (description.length - 1) * 13 + 10;
  const vat = vatIncludedCents(note.amountCents, settings.vatRatePercent);
  const totals: [string, string, boolean][] = [
    ['Net amount credited', `-${money(note.amountCents - vat)}`, false],
    [`VAT ${settings.vatRatePercent} %`, `-${money(vat)}`, false],
    [`Total credited (${note.currency})`, `-${money(note.amountCents)}`, true],
    ['Refunded for this job in all', money(note.refundedTotalCents), false],
  ];
  for (const [label, value, strong] of totals) {
    const weight: Weight = strong ? 'bold' : 'regular';
    type.draw(label, 450, y, { size: 10, weight, align: 'right' });
    type.draw(value, rightEdge, y, { size: 10, weight, align: 'right' });
    y += 15;
  }
  return finish();
}

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/** Joiners and variation selectors, which shape a neighbour rather than draw. */
const isFormat = (codePoint: number) =>
  codePoint === 0x200c || codePoint === 0x200d || (codePoint >= 0xfe00 && codePoint <= 0xfe0f);

/**
 * The OpenType features text is laid out with: the font's defaults (kerning, marks...) but not
 * `ccmp`, with which Noto Sans splits a precomposed letter such as "ị" into "i" and a combining
 * dot. pdfkit maps each glyph back to the text it stands for once per document, so the plain
 * "i" would then read back as "ị" everywhere (a reader copying a name, PDF.js). Text is in NFC,
 * so precomposed glyphs exist for such letters. fontkit takes features as an object of switches
 * (and fills it in: a new one each time); pdfkit passes it through, though its types say a list.
 */
const layoutFeatures = () => ({ ccmp: false }) as unknown as PDFKit.Mixins.OpenTypeFeatures[];

const codePointName = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Text in the document's fonts: each user-visible character (grapheme) in Noto Sans when it has
 * the glyphs, else in the Chinese face, else written as its code points and remembered in
 * `unprintable`. Noto Sans regular and bold cover the same characters.
 */
class Typesetter {
  readonly unprintable = new Set<string>();

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  private runs(text: string, weight: Weight): { face: FontFace; text: string }[] {
    const runs: { face: FontFace; text: string }[] = [];
    const add = (face: FontFace, value: string) => {
      const last = runs.at(-1);
      if (last?.face === face) last.text += value;
      else runs.push({ face, text: value });
    };
    const draws = (font: Font, codePoints: number[]) =>
      codePoints.every((codePoint) => isFormat(codePoint) || font.hasGlyphForCodePoint(codePoint));
    for (const { segment } of graphemes.segment(text.normalize('NFC'))) {
      const codePoints = [...segment].map((character) => character.codePointAt(0)!);
      if (draws(fontOf('regular'), codePoints)) add(weight, segment);
      else if (draws(fontOf('cjk'), codePoints)) add('cjk', segment);
      else {
        const names = codePoints.filter((codePoint) => !isFormat(codePoint)).map(codePointName);
        for (const name of names) this.unprintable.add(name);
        add(weight, `<${names.join(' ')}>`);
      }
    }
    return runs;
  }

  private measure(run: { face: FontFace; text: string }, size: number): number {
    return this.doc.font(fontPath(run.face)).fontSize(size).widthOfString(run.text, { features: layoutFeatures() });
  }

  width(text: string, options: TextOptions): number {
    return this.runs(text, options.weight ?? 'regular').reduce((sum, run) => sum + this.measure(run, options.size), 0);
  }

  /** Draws one line with its baseline at y. */
  draw(text: string, x: number, y: number, options: TextOptions): void {
    const runs = this.runs(text, options.weight ?? 'regular');
    let at = options.align === 'right' ? x - runs.reduce((sum, run) => sum + this.measure(run, options.size), 0) : x;
    for (const run of runs) {
      const width = this.measure(run, options.size);
      this.doc
        .font(fontPath(run.face))
        .fontSize(options.size)
        .fillColor(options.color ?? ink)
        .text(run.text, at, y, { lineBreak: false, baseline: 'alphabetic', features: layoutFeatures() });
      at += width;
    }
  }

  /** The text cut into lines of at most `width`: at spaces, or inside a word longer than a line. */
  wrap(text: string, width: number, options: TextOptions): string[] {
    const result: string[] = [];
    let line = '';
    const fits = (candidate: string) => this.width(candidate, options) <= width;
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const joined = line ? `${line} ${word}` : word;
      if (fits(joined)) {
        line = joined;
        continue;
      }
      if (line) result.push(line);
      line = '';
      // A word wider than the column (a long name, or text without spaces) breaks between characters.
      for (const { segment } of graphemes.segment(word)) {
        if (line && !fits(line + segment)) {
          result.push(line);
          line = '';
        }
        line += segment;
      }
    }
    result.push(line);
    return result;
  }
}
