import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorEnvelope } from '@studio/shared/errors';
import { startStaffSession } from '../../../lib/staff-session.ts';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { studioSettingsFixture } from '../../../testing/settings-fixtures.ts';
import { StudioSettingsPage } from './studio-settings.tsx';

const stored = studioSettingsFixture({
  address: '12 Harbour Street\nBristol',
  taxId: 'GB123456789',
  bankDetails: 'IBAN GB29 NWBK 6016 1331 9268 19',
  vatRatePercent: 20,
  updatedAt: '2026-11-20T10:00:00.000Z',
});

beforeEach(() => {
  startStaffSession(
    'staff-tok',
    { id: 'a-1', email: 'admin@example.com', username: 'Admin', role: 'SUPER_ADMIN' },
    new Date(Date.now() + 3_600_000).toISOString(),
  );
});

describe('StudioSettingsPage (staff-settings)', () => {
  it('shows the stored settings and saves every field, the VAT rate as a number', async () => {
    const { calls } = stubFetch({
      'GET /api/settings': () => jsonResponse({ settings: stored }),
      'PUT /api/settings': (request) =>
        jsonResponse({
          settings: {
            qcRequired: true,
            ...(JSON.parse(request.body ?? '{}') as object),
            updatedAt: '2026-11-21T10:00:00.000Z',
          },
        }),
    });
    renderWithProviders(<StudioSettingsPage />);
    const name = (await screen.findByLabelText('Legal name *', {}, { timeout: 3000 })) as HTMLInputElement;
    expect(name.value).toBe('Retouch Studio Ltd');
    expect((screen.getByLabelText(/VAT rate/) as HTMLInputElement).value).toBe('20');
    fireEvent.change(screen.getByLabelText(/VAT rate/), { target: { value: '7.7' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Release delivered files before/ }));
    // QC of finished images (#33): on as stored, turned off here.
    const qc = screen.getByRole('checkbox', { name: /Check every finished image/ }) as HTMLInputElement;
    expect(qc.checked).toBe(true);
    fireEvent.click(qc);
    // The studio's time zone (#40): stored UTC, changed to a named zone.
    const zone = screen.getByLabelText('Time zone *') as HTMLInputElement;
    expect(zone.value).toBe('UTC');
    fireEvent.change(zone, { target: { value: 'Europe/Warsaw' } });
    // Where the studio is (#35): typed in lower case, saved as the code.
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'pl' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Settings saved.');
    expect(JSON.parse(calls.find((call) => call.method === 'PUT')!.body!)).toEqual({
      legalName: 'Retouch Studio Ltd',
      address: '12 Harbour Street\nBristol',
      taxId: 'GB123456789',
      bankDetails: 'IBAN GB29 NWBK 6016 1331 9268 19',
      vatRatePercent: 7.7,
      releaseFilesBeforePayment: true,
      qcRequired: false,
      timeZone: 'Europe/Warsaw',
      country: 'PL',
      freeRevisionRounds: 2,
      autoApprovalDays: 7,
    });
  });

  it('refuses a VAT rate out of range before sending, and shows a refusal of the server on its field', async () => {
    const { calls } = stubFetch({
      'GET /api/settings': () => jsonResponse({ settings: stored }),
      'PUT /api/settings': () =>
        jsonResponse(
          errorEnvelope('VALIDATION_FAILED', 'The request is not valid.', {
            issues: [{ path: 'body.legalName', message: 'The legal name must be at most 200 characters.' }],
          }),
          400,
        ),
    });
    renderWithProviders(<StudioSettingsPage />);
    const vat = await screen.findByLabelText(/VAT rate/, {}, { timeout: 3000 });
    fireEvent.change(vat, { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The VAT rate is at most 100 %.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(vat, { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(screen.getByText('The legal name must be at most 200 characters.', { exact: false })).toBeTruthy(),
    );
  });
});
