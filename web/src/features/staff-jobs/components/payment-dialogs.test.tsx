import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorEnvelope } from '@studio/shared/errors';
import type { Job } from '@studio/shared/job';
import { startStaffSession } from '../../../lib/staff-session.ts';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { centsOfTyped, MarkPaidDialog, RefundDialog } from './payment-dialogs.tsx';
import { jobFixture, pricedAt } from '../../../testing/job-fixtures.ts';

const job: Job = jobFixture({
  jobNumber: 'RS-2026-0007',
  currency: 'EUR',
  ...pricedAt(1250),
  invoiceNumber: 'INV-2026-0007',
});

beforeEach(() => {
  startStaffSession(
    'staff-tok',
    { id: 'a-1', email: 'admin@example.com', username: 'Admin', role: 'SUPER_ADMIN' },
    new Date(Date.now() + 3_600_000).toISOString(),
  );
});

describe('amounts typed by staff', () => {
  it('are read in major units to whole cents, and anything else is not a number', () => {
    expect([centsOfTyped('12'), centsOfTyped('12.5'), centsOfTyped(' 12.50 '), centsOfTyped('0.07')]).toEqual([
      1200, 1250, 1250, 7,
    ]);
    for (const text of ['', '12.505', '-1', '1e3', '12,50', 'abc']) expect(centsOfTyped(text)).toBeNaN();
  });
});

describe('payment dialogs (staff-jobs)', () => {
  it('marks a transfer paid with the amount in cents and the reference; a refusal shows on its field', async () => {
    const { calls } = stubFetch({
      [`PUT /api/jobs/${job.id}/payment/mark-paid`]: [
        () =>
          jsonResponse(
            errorEnvelope('VALIDATION_FAILED', 'The request is not valid.', {
              issues: [{ path: 'body.amountCents', message: 'The job costs €12.50; €12.00 does not pay it.' }],
            }),
            400,
          ),
        () => jsonResponse({ job: { ...job } }),
      ],
    });
    const done = vi.fn();
    renderWithProviders(<MarkPaidDialog job={job} onClose={() => undefined} onDone={done} />);
    const amount = screen.getByLabelText(/Amount received \(EUR\)/) as HTMLInputElement;
    expect(amount.value).toBe('12.50');
    fireEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('Enter the reference of the transfer.')).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Reference of the transfer/), { target: { value: 'BANK-1' } });
    fireEvent.change(amount, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText(/does not pay it/)).toBeTruthy();
    fireEvent.change(amount, { target: { value: '12.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(calls.map((call) => JSON.parse(call.body!))).toEqual([
      { amountCents: 1200, reference: 'BANK-1' },
      { amountCents: 1250, reference: 'BANK-1' },
    ]);
  });

  it('refunds what is left by default, with the reason', async () => {
    const paid: Job = {
      ...job,
      payment: {
        status: 'PARTIALLY_REFUNDED',
        method: 'Credit/Debit Card',
        currency: 'EUR',
        updatedAt: '2026-01-02T10:00:00.000Z',
        provider: 'stripe',
        received: { amountCents: 1250, currency: 'EUR' },
        paidAt: '2026-01-02T10:00:00.000Z',
        refundedCents: 250,
        reference: 'pi_1',
      },
    };
    const { calls } = stubFetch({
      [`POST /api/jobs/${job.id}/refund`]: () =>
        jsonResponse({ job: paid, refund: { id: 're_1', amountCents: 1000, currency: 'EUR', status: 'succeeded' } }),
    });
    const done = vi.fn();
    renderWithProviders(<RefundDialog job={paid} onClose={() => undefined} onDone={done} />);
    expect((screen.getByLabelText(/Amount to refund \(EUR\)/) as HTMLInputElement).value).toBe('10.00');
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'Late delivery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(JSON.parse(calls[0]!.body!)).toEqual({ amountCents: 1000, reason: 'Late delivery' });
  });
});
