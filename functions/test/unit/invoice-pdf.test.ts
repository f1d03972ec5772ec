/**
 * The invoice PDF (functions/src/documents/invoice-pdf.ts, pdfkit with embedded Noto Sans), read
 * back with PDF.js (Mozilla's parser, the one browsers use): the tests check what a reader finds
 * in the file, not how our code drew it. Names in Latin with its extensions, Vietnamese, Cyrillic
 * and Greek come back exactly wherever they are printed; Chinese and Japanese through the second
 * font; characters no font has as their code points, reported; a long invoice on as many pages as
 * it needs, numbered, with the totals on the last.
 */
import { describe, expect, it } from 'vitest';
import type { Job } from '@studio/shared/job';
import { pdfText, pdfTextItems } from '../../../scripts/test-setup/pdf-text.ts';
import { renderInvoicePdf } from '../../src/documents/invoice-pdf.ts';
import { sampleJob } from './job-fixture.ts';

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

function render(
  overrides: Partial<Job> = {},
  options: { client?: { name: string; email: string }; settings?: Partial<typeof settings> } = {},
) {
  return renderInvoicePdf({
    job: { ...job, ...overrides },
    client: options.client ?? { name: 'Ann Client', email: 'ann@example.test' },
    settings: { ...settings, ...options.settings },
    now: new Date('2026-03-03T09:00:00.000Z'),
  });
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

/** `count` subservices named "Line 1" ... at 10 cents a photo. */
function manyLines(count: number): Partial<Job> {
  const subServices = Array.from({ length: count }, (_, i) => ({
    id: `01JD0J0B0000000000000${String(1000 + i)}`,
    name: `Line ${i + 1}`,
    unitPriceCents: 10,
    unitPrice: 0.1,
  }));
  const total = count * 10 * 12;
  return {
    subServices,
    selectedSubServices: subServices.map((s) => s.id),
    totalCents: total,
    subtotalCents: total,
    totalPrice: total / 100,
  };
}

// Each test writes whole documents and parses them again with PDF.js (the first also loads both):
// seconds of CPU on a busy machine, more than the default 5 s allows.
describe('the invoice PDF', { timeout: 30_000 }, () => {
  it('reads back with PDF.js: job number, lines, VAT and total, in a receipt once paid', async () => {
    const { bytes, pages, unprintable } = await render();
    expect(pages).toBe(1);
    expect(unprintable).toEqual([]);
    const text = await pdfText(bytes);
    expect(text).toContain('INVOICE');
    expect(text).toContain('Invoice number INV-2026-0042');
    // The job number (#15) is the job's reference, on the document and for transfers.
    expect(text).toContain('Job number RS-2026-0042');
    expect(text).toContain('Ecommerce: Clipping path 12 €0.45 €5.40');
    // What Helvetica used to print as '?' is drawn: the tick is in Noto Sans.
    expect(text).toContain('Ghost mannequin – Ünïcode ✓');
    expect(text).toContain('VAT 20 % €3.50');
    expect(text).toContain('Total (EUR) €21.00');
    expect(text).toContain('Amount due €21.00');
    expect(text).toContain('Reference: RS-2026-0042');
    expect(text).toContain('Bill to');
    expect(text).toContain('ann@example.test');
    expect(text).toContain('Page 1 of 1');
    expect(text).not.toContain('?');

    const pounds = await pdfText((await render({ currency: 'GBP' })).bytes);
    expect(pounds).toContain('Total (GBP) £21.00');

    const paid = await pdfText(
      (
        await render({
          payment: {
            status: 'PAID',
            method: 'Credit/Debit Card',
            currency: 'EUR',
            provider: 'stripe',
            received: { amountCents: 2100, currency: 'EUR' },
            paidAt: '2026-03-04T10:00:00.000Z',
            updatedAt: '2026-03-04T10:00:00.000Z',
            refundedCents: 0,
            reference: null,
          },
        })
      ).bytes,
    );
    expect(paid).toContain('RECEIPT');
    expect(paid).toContain('Paid on 2026-03-04 by Credit/Debit Card');
    expect(paid).toContain('Paid €21.00');
    expect(paid).not.toContain('Amount due');
    expect(paid).not.toContain('Pay by bank transfer');
  });

  it.each(['Łukasz Żółć', 'Nguyễn Thị Hằng', 'Дмитрий', 'Αλέξανδρος'])(
    'prints %s exactly as the client, in the studio settings and in a service description',
    async (name) => {
      const { bytes, unprintable } = await render(
        {
          serviceName: `Retouch for ${name}`,
          subServices: [{ id: job.subServices[0]!.id, name: `Skin ${name}`, unitPriceCents: 45, unitPrice: 0.45 }],
          selectedSubServices: [job.subServices[0]!.id],
        },
        {
          client: { name, email: 'client@example.test' },
          settings: {
            legalName: `${name} Studio`,
            address: `${name} Street 7\nKraków`,
            bankDetails: `Account holder ${name}\nIBAN PL61 1090 1014 0000 0712 1981 2874`,
          },
        },
      );
      expect(unprintable).toEqual([]);
      const text = await pdfText(bytes);
      const lines = text.split('\n');
      expect(lines).toContain(name);
      expect(lines).toContain(`${name} Street 7`);
      expect(lines).toContain(`Account holder ${name}`);
      expect(text).toContain(`Retouch for ${name}: Skin ${name} 12 €0.45 €5.40`);
      // The legal name heads the document and closes every page.
      expect(occurrences(text, `${name} Studio`)).toBe(2);
      expect(text).not.toMatch(/\?|<U\+/);
    },
  );

  it('prints other Latin letters exactly too: Czech and Turkish', async () => {
    const address = 'Příliš žluťoučký kůň 12\nİstanbul Şişli Ğç';
    const text = await pdfText((await render({}, { settings: { address } })).bytes);
    for (const line of address.split('\n')) expect(text.split('\n')).toContain(line);
  });

  it('prints Chinese and Japanese names in the second font, and says which characters no font has', async () => {
    const chinese = await render({}, { client: { name: '王小明 山田さくら', email: 'wang@example.test' } });
    expect(chinese.unprintable).toEqual([]);
    expect((await pdfText(chinese.bytes)).replace(/ /g, '')).toContain('王小明山田さくら');

    // Hangul is in neither font: each character is written as its code point, never as '?'.
    const korean = await render({}, { client: { name: '김민준', email: 'kim@example.test' } });
    expect(korean.unprintable).toEqual(['U+AE40', 'U+BBFC', 'U+C900']);
    const text = await pdfText(korean.bytes);
    expect(text).toContain('<U+AE40><U+BBFC><U+C900>');
    expect(text).not.toContain('?');
  });

  it('puts a 60-line invoice on several numbered pages, every line once and the totals on the last', async () => {
    const { bytes, pages } = await render(manyLines(60));
    expect(pages).toBeGreaterThanOrEqual(2);
    const items = await pdfTextItems(bytes);
    const onPage = (page: number) => items.filter((item) => item.page === page).map((item) => item.text);
    for (let page = 1; page <= pages; page++) {
      expect(onPage(page)).toContain(`Page ${page} of ${pages}`);
      // Each page repeats the head of the lines.
      expect(onPage(page)).toContain('Description');
    }
    const text = items.map((item) => item.text);
    for (let line = 1; line <= 60; line++) {
      expect(
        text.filter((t) => t === `Ecommerce: Line ${line}`),
        `line ${line}`,
      ).toHaveLength(1);
    }
    const totals = items.filter((item) => item.text === 'Total (EUR)' || item.text === 'Amount due');
    expect(totals.map((item) => item.page)).toEqual([pages, pages]);
    expect(text).toContain('€72.00');
    // Nothing is drawn below the body on any page but the foot.
    for (const item of items) expect(item.y, item.text).toBeGreaterThan(30);
  });

  it('right-aligns amounts: each ends at its column', async () => {
    const items = await pdfTextItems((await render()).bytes);
    const total = items.filter((item) => item.text === '€21.00');
    expect(total.length).toBeGreaterThan(0);
    // The amounts' column ends at the right margin, 545.28.
    for (const item of total) expect(item.right).toBeCloseTo(545.28, 1);
    const photos = items.find((item) => item.text === '12')!;
    expect(photos.right).toBeCloseTo(360, 1);
  });

  it('wraps a description too long for its column instead of cutting it', async () => {
    const name = 'A very long name '.repeat(8).trim();
    const { bytes } = await render({
      subServices: [{ id: job.subServices[0]!.id, name, unitPriceCents: 45, unitPrice: 0.45 }],
      selectedSubServices: [job.subServices[0]!.id],
    });
    const items = await pdfTextItems(bytes);
    const description = items.filter((item) => item.text.includes('A very long name'));
    expect(description.length).toBeGreaterThan(1);
    expect(description.map((item) => item.text).join(' ')).toBe(`Ecommerce: ${name}`);
    for (const item of description) expect(item.right).toBeLessThanOrEqual(50 + 280 + 0.5);
  });
});
