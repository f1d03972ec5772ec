import { describe, expect, it } from 'vitest';
import { formatInvoiceNumber, parseInvoiceNumber, vatIncludedCents } from '../src/invoice.ts';
import { isPaid, jobReference, mayStillPay } from '../src/payment.ts';
import { paymentAllowsRelease } from '../src/studio-settings.ts';

describe('invoice numbers', () => {
  it('are INV-<year>-<n>, n padded to four digits and growing past them', () => {
    expect(formatInvoiceNumber(2026, 7)).toBe('INV-2026-0007');
    expect(formatInvoiceNumber(2026, 12345)).toBe('INV-2026-12345');
    expect(parseInvoiceNumber('INV-2026-0007')).toEqual({ year: 2026, sequence: 7 });
    expect(parseInvoiceNumber('INV-2026-12345')).toEqual({ year: 2026, sequence: 12345 });
    expect(parseInvoiceNumber('RS-2026-0007')).toBeNull();
  });
});

describe('VAT contained in a total', () => {
  it('is total x rate / (100 + rate), rounded half up to whole cents once', () => {
    expect(vatIncludedCents(12_000, 20)).toBe(2000);
    expect(vatIncludedCents(100, 20)).toBe(17); // 16.67
    expect(vatIncludedCents(3, 20)).toBe(1); // 0.5: half up
    expect(vatIncludedCents(1000, 7.7)).toBe(71); // 71.49
    expect(vatIncludedCents(1000, 0)).toBe(0);
    expect(vatIncludedCents(0, 20)).toBe(0);
  });
  it('stays exact for the largest totals', () => {
    expect(vatIncludedCents(Number.MAX_SAFE_INTEGER, 25)).toBe(1801439850948198);
  });
});

describe('payment state', () => {
  const payment = (status: 'PENDING' | 'PAID' | 'FAILED' | 'MISMATCH' | 'REFUNDED' | 'PARTIALLY_REFUNDED') => ({
    status,
  });
  it('paid covers refunds; the client may pay while nothing (or a failure) is recorded', () => {
    expect([null, payment('PENDING'), payment('FAILED'), payment('MISMATCH')].map(isPaid)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect([payment('PAID'), payment('REFUNDED'), payment('PARTIALLY_REFUNDED')].map(isPaid)).toEqual([
      true,
      true,
      true,
    ]);
    expect(mayStillPay({ status: 'PENDING', payment: null })).toBe(true);
    expect(mayStillPay({ status: 'PENDING', payment: payment('FAILED') as never })).toBe(true);
    expect(mayStillPay({ status: 'PENDING', payment: payment('MISMATCH') as never })).toBe(false);
    expect(mayStillPay({ status: 'CANCELLED', payment: null })).toBe(false);
  });
  it('the transfer reference is the job number; a job older than job numbers falls back', () => {
    expect(jobReference({ id: 'J', jobNumber: 'RS-2026-0042', invoiceNumber: 'INV-2026-0001' })).toBe('RS-2026-0042');
    expect(jobReference({ id: 'J', jobNumber: null, invoiceNumber: 'INV-2026-0001' })).toBe('INV-2026-0001');
    expect(jobReference({ id: 'J', jobNumber: null, invoiceNumber: null })).toBe('J');
  });
  it('delivered files wait for payment unless the studio releases them before', () => {
    expect(paymentAllowsRelease(false, { releaseFilesBeforePayment: false })).toBe(false);
    expect(paymentAllowsRelease(true, { releaseFilesBeforePayment: false })).toBe(true);
    expect(paymentAllowsRelease(false, { releaseFilesBeforePayment: true })).toBe(true);
  });
});
