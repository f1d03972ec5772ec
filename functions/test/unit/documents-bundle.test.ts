/**
 * The documents group's bundle replaces parts of pdf-lib with smaller stand-ins (infra/lib/bundle-settings.ts):
 * Node's zlib for pako, only Helvetica's metrics of the standard fonts. The local stack and the
 * other tests load the real packages, so this renders an invoice with the bundled code itself and
 * reads it back with PDF.js.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import type { Job } from '@studio/shared/job';
import { groupBundleAliases } from '../../../infra/lib/bundle-settings.ts';
import { pdfText } from '../../../scripts/test-setup/pdf-text.ts';
import type { renderInvoicePdf as Render } from '../../src/documents/invoice-pdf.ts';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const out = await mkdtemp(path.join(os.tmpdir(), 'documents-bundle-'));
afterAll(() => rm(out, { recursive: true, force: true }));

const job: Job = {
  id: '01JD0J0B000000000000000001',
  jobNumber: 'RS-2026-0042',
  clientId: 'c-1',
  client: { name: 'Cleo Client', email: 'cleo@example.com' },
  serviceId: '01JD0J0B000000000000000002',
  serviceName: 'Ecommerce',
  selectedSubServices: ['01JD0J0B000000000000000003', '01JD0J0B000000000000000004'],
  subServices: [
    { id: '01JD0J0B000000000000000003', name: 'Clipping path', unitPriceCents: 45, unitPrice: 0.45 },
    { id: '01JD0J0B000000000000000004', name: 'Ghost mannequin – Ünïcode ✓', unitPriceCents: 130, unitPrice: 1.3 },
  ],
  currency: 'EUR',
  linkType: 'own',
  dropboxLink: 'https://example.test/photos',
  uploadId: null,
  numberOfPhotos: 12,
  instructions: '',
  status: 'IN_PROGRESS',
  progress: 10,
  editorId: null,
  editorDropboxLink: null,
  deliverableCount: 0,
  totalCents: 2100,
  totalPrice: 21,
  createdAt: '2026-03-02T10:00:00.000Z',
  updatedAt: '2026-03-02T11:00:00.000Z',
  payment: null,
  invoiceNumber: 'INV-2026-0042',
};

describe('the documents bundle', () => {
  it('renders an invoice with the stand-ins, with the job number, lines, VAT and total', async () => {
    const outfile = path.join(out, 'invoice-pdf.mjs');
    await build({
      entryPoints: [path.join(repoRoot, 'functions', 'src', 'documents', 'invoice-pdf.ts')],
      bundle: true,
      platform: 'node',
      target: 'node22',
      format: 'esm',
      mainFields: ['module', 'main'],
      alias: { ...groupBundleAliases.documents },
      metafile: true,
      outfile,
      logLevel: 'silent',
    }).then((result) => {
      const inputs = Object.keys(result.metafile.inputs);
      // The stand-ins are in, the packages they replace are not.
      expect(inputs.some((file) => file.includes('node_modules/pako/'))).toBe(false);
      expect(inputs.some((file) => file.includes('Times-Roman.compressed.json'))).toBe(false);
      expect(inputs.some((file) => file.endsWith('bundle/standard-fonts.ts'))).toBe(true);
    });
    const { renderInvoicePdf } = (await import(pathToFileURL(outfile).href)) as { renderInvoicePdf: typeof Render };
    const pdf = await renderInvoicePdf({
      job,
      client: { name: 'Ann Client', email: 'ann@example.test' },
      settings: {
        legalName: 'Retouch Studio Ltd',
        address: '1 Harbour Street\nBristol',
        taxId: 'GB123456789',
        bankDetails: 'IBAN GB29 NWBK 6016 1331 9268 19',
        vatRatePercent: 20,
        releaseFilesBeforePayment: false,
      },
      now: new Date('2026-03-03T09:00:00.000Z'),
    });
    const text = await pdfText(pdf);
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
  });
});
