/**
 * The invoice PDF, written by the studio's own PDF writer (functions/src/documents/pdf-writer.ts):
 * a valid file (every cross-reference offset points at its object, the trailer at the table), a
 * content stream that shows the invoice number, amounts and euro signs in the standard fonts'
 * WinAnsi encoding, right-aligned amounts that end at their column, and the text a reader finds
 * with PDF.js (Mozilla's parser, the one browsers use).
 */
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Job } from '@studio/shared/job';
import { pdfText } from '../../../scripts/test-setup/pdf-text.ts';
import { renderInvoicePdf } from '../../src/documents/invoice-pdf.ts';
import { sampleJob } from './job-fixture.ts';
import { widthOf, winAnsiCodes } from '../../src/documents/pdf-writer.ts';

const job: Job = sampleJob({
  jobNumber: 'RS-2026-0042',
  clientId: 'c-1',
  client: { name: 'Cleo Client', email: 'cleo@example.com' },
  serviceName: 'Ecommerce',
  selectedSubServices: ['01JD0J0B000000000000000003', '01JD0J0B000000000000000004'],
  subServices: [
    { id: '01JD0J0B000000000000000003', name: 'Clipping path', unitPriceCents: 45, unitPrice: 0.45 },
    { id: '01JD0J0B000000000000000004', name: 'Ghost mannequin – Ünïcode ✓', unitPriceCents: 130, unitPrice: 1.3 },
  ],
  currency: 'EUR',
  dropboxLink: 'https://example.test/photos',
  numberOfPhotos: 12,
  status: 'IN_PROGRESS',
  progress: 10,
  totalCents: 2100,
  totalPrice: 21,
  subtotalCents: 2100,
  createdAt: '2026-03-02T10:00:00.000Z',
  updatedAt: '2026-03-02T11:00:00.000Z',
  invoiceNumber: 'INV-2026-0042',
});

const settings = {
  legalName: 'Retouch Studio Ltd',
  address: '1 Harbour Street\nBristol',
  taxId: 'GB123456789',
  bankDetails: 'IBAN GB29 NWBK 6016 1331 9268 19',
  vatRatePercent: 20,
  releaseFilesBeforePayment: false,
  freeRevisionRounds: 2,
  autoApprovalDays: 7,
};

function render(overrides: Partial<Job> = {}) {
  return renderInvoicePdf({
    job: { ...job, ...overrides },
    client: { name: 'Ann Client', email: 'ann@example.test' },
    settings,
    now: new Date('2026-03-03T09:00:00.000Z'),
  });
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** The objects of a PDF by number, as the cross-reference table locates them (checked on the way). */
function objectsByXref(pdf: Uint8Array): Map<number, string> {
  const file = latin1(pdf);
  expect(file.startsWith('%PDF-1.4\n')).toBe(true);
  expect(file.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(file)![1]);
  expect(file.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(file.slice(startxref))!;
  expect(Number(first)).toBe(0);
  const size = Number(/\/Size (\d+)/.exec(file.slice(startxref))![1]);
  expect(Number(count)).toBe(size);
  const entries = file
    .slice(startxref + `xref\n0 ${count}\n`.length)
    .match(/.{20}/gs)!
    .slice(0, size);
  expect(entries[0]).toBe('0000000000 65535 f \n');
  const objects = new Map<number, string>();
  for (let id = 1; id < size; id++) {
    const entry = entries[id]!;
    expect(entry).toMatch(/^\d{10} 00000 n \n$/);
    const offset = Number(entry.slice(0, 10));
    // The offset is exactly where "<id> 0 obj" starts.
    expect(file.slice(offset, offset + `${id} 0 obj\n`.length)).toBe(`${id} 0 obj\n`);
    const end = file.indexOf('\nendobj\n', offset);
    objects.set(id, file.slice(offset + `${id} 0 obj\n`.length, end));
  }
  return objects;
}

/** The page's content stream, inflated: the drawing operators as the file holds them. */
function contentOf(objects: Map<number, string>): string {
  const page = [...objects.values()].find((body) => body.includes('/Type /Page '))!;
  const contentId = Number(/\/Contents (\d+) 0 R/.exec(page)![1]);
  const stream = objects.get(contentId)!;
  const length = Number(/\/Length (\d+)/.exec(stream)![1]);
  const start = stream.indexOf('stream\n') + 'stream\n'.length;
  expect(stream.slice(start + length)).toBe('\nendstream');
  return inflateSync(Buffer.from(stream.slice(start, start + length), 'latin1')).toString('latin1');
}

describe('the invoice PDF', () => {
  it('is a valid PDF whose cross-reference table points at every object', async () => {
    const objects = objectsByXref(await render());
    const all = [...objects.values()].join('\n');
    expect(all).toContain('/Type /Catalog');
    expect(all).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
    expect(all).toContain('/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding');
    expect(all).toContain('/MediaBox [0 0 595.28 841.89]');
  });

  it('shows the invoice number, the amounts and the euro sign in the content stream', async () => {
    const content = contentOf(objectsByXref(await render()));
    expect(content).toContain('(INV-2026-0042) Tj');
    // The euro sign is WinAnsi code 0x80 (octal 200), the en dash 0x96, Ü 0xDC, ï 0xEF.
    expect(content).toContain('(\\20021.00) Tj');
    expect(content).toContain('(\\2005.40) Tj');
    expect(content).toContain('(Ecommerce: Ghost mannequin \\226 \\334n\\357code ?) Tj');
    expect(content).toContain('/F2 22 Tf');
  });

  it("right-aligns amounts: each ends at its column, measured with Helvetica's widths", async () => {
    const content = contentOf(objectsByXref(await render()));
    // "€21.00" in Helvetica-Bold 10 (the total's line) ends at the page's right margin, 545.28.
    const total = /\/F2 10 Tf ([\d.]+) ([\d.]+) Td \(\\20021\.00\) Tj/.exec(content)!;
    const width = widthOf(winAnsiCodes('€21.00'), 'Helvetica-Bold', 10);
    expect(Number(total[1]) + width).toBeCloseTo(545.28, 2);
    // Helvetica's digits are 556 units wide and the euro sign 556 too.
    expect(widthOf(winAnsiCodes('€0.45'), 'Helvetica', 10)).toBeCloseTo((556 * 4 + 278) / 100, 5);
  });

  it('reads back with PDF.js: job number, lines, VAT and total, in a receipt once paid', async () => {
    const text = await pdfText(await render());
    expect(text).toContain('INVOICE');
    expect(text).toContain('Invoice number INV-2026-0042');
    // The job number (#15) is the job's reference, on the document and for transfers.
    expect(text).toContain('Job number RS-2026-0042');
    expect(text).toContain('Ecommerce: Clipping path 12 €0.45 €5.40');
    // Characters Helvetica cannot encode become '?', never a failure.
    expect(text).toContain('Ghost mannequin – Ünïcode ?');
    expect(text).toContain('VAT 20 % €3.50');
    expect(text).toContain('Total (EUR) €21.00');
    expect(text).toContain('Amount due €21.00');
    expect(text).toContain('Reference: RS-2026-0042');
    expect(text).toContain('Bill to');
    expect(text).toContain('ann@example.test');

    const pounds = await pdfText(await render({ currency: 'GBP' }));
    expect(pounds).toContain('Total (GBP) £21.00');
  });

  it('cuts a description too long for its column with "..."', async () => {
    const text = await pdfText(
      await render({
        subServices: [
          { id: job.subServices[0]!.id, name: 'A very long name '.repeat(8), unitPriceCents: 45, unitPrice: 0.45 },
        ],
        selectedSubServices: [job.subServices[0]!.id],
      }),
    );
    expect(text).toMatch(/Ecommerce: A very long name A very long name .*\.\.\. 12 €0\.45 €5\.40/);
  });
});
