/**
 * Extreme numbers (#32) on every numeric field of the writes that take numbers (settings, catalogue
 * prices, turnarounds, job writes, payment amounts, upload sizes): a 400 naming the field, never a
 * 500, and nothing stored.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { listServicesResponseSchema } from '@studio/shared/service';
import { studioSettingsResponseSchema } from '@studio/shared/studio-settings';
import { assignedJob, readJob, saveSettings, studioDetails } from './payment-support.ts';
import { put } from './staff-support.ts';
import { api, expectEnvelope, signedInIdentities, type Identity, type Role } from './support.ts';

let ids: Record<Role, Identity>;

beforeAll(async () => {
  ids = await signedInIdentities();
});

describe('extreme numbers on every numeric field of a write (should fix: 400, never 500)', () => {
  const extremes = [5e-324, -5e-324, 1e-300, 1e-7, 0.1 + 0.2, 1e308, -1e308, 2 ** 53 + 2];

  /** Sends the body with one field replaced by each extreme; every answer is a 400 naming the field. */
  async function expectRefused(
    what: string,
    send: (value: number | string) => Promise<{ status: number; text: string; json: unknown }>,
    path: string,
  ) {
    for (const value of [...extremes, '1e400' as const]) {
      const response = await send(value);
      expect(response.status, `${what} = ${String(value)}: ${response.text}`).toBe(400);
      const issues = expectEnvelope(response.json, 400).details?.issues ?? [];
      expect(
        issues.map((issue) => issue.path),
        `${what} = ${String(value)}`,
      ).toContain(path);
    }
  }

  /** A JSON body with `field` holding `value` as written (so `1e400` reaches the server as such). */
  function rawBody(body: Record<string, unknown>, field: string, value: number | string): string {
    const marker = `__${randomBytes(4).toString('hex')}__`;
    return JSON.stringify({ ...body, [field]: marker }).replace(`"${marker}"`, String(value));
  }
  const send = (method: string, path: string, token: string | undefined, body: string) =>
    api(path, { method, token, body, headers: { 'content-type': 'application/json' } });

  it('settings: the VAT rate, free rounds and auto-approval days', async () => {
    await saveSettings(false);
    for (const field of ['vatRatePercent', 'freeRevisionRounds', 'autoApprovalDays']) {
      await expectRefused(
        `PUT api/settings ${field}`,
        (value) => send('PUT', '/api/settings', ids.SUPER_ADMIN.token, rawBody(studioDetails, field, value)),
        `body.${field}`,
      );
    }
    const stored = studioSettingsResponseSchema.parse(
      (await api('/api/settings', { token: ids.SUPER_ADMIN.token })).json,
    );
    expect(stored.settings).toMatchObject(studioDetails);
    // Two decimals as people type them are taken as they are.
    const typed = await put('/api/settings', { ...studioDetails, vatRatePercent: 7.7 }, ids.SUPER_ADMIN.token);
    expect(studioSettingsResponseSchema.parse(typed.json).settings.vatRatePercent).toBe(7.7);
    await saveSettings(false);
  });

  it('catalogue prices, turnaround multipliers and hours, volume tiers', async () => {
    const services = listServicesResponseSchema.parse((await api('/api/services')).json).services;
    const service = services.find((s) => s.subServices.length > 0)!;
    const sub = service.subServices[0]!;
    const subBody = {
      name: sub.name,
      description: sub.description,
      order: sub.order,
      prices: sub.prices.map((p) => ({ price: p.price, currency: p.currency })),
    };
    await expectRefused(
      'PUT api/subServices/updatesubservice/{id} price',
      (value) =>
        send(
          'PUT',
          `/api/subServices/updatesubservice/${sub.id}`,
          ids.SUPER_ADMIN.token,
          JSON.stringify({ ...subBody, prices: [{ price: '__v__', currency: sub.prices[0]!.currency }] }).replace(
            '"__v__"',
            String(value),
          ),
        ),
      'body.prices.0.price',
    );
    const turnaround = service.turnarounds[0]!;
    for (const field of ['multiplier', 'hours'] as const) {
      await expectRefused(
        `PUT api/services/{id}/pricing-rules ${field}`,
        (value) =>
          send(
            'PUT',
            `/api/services/${service.id}/pricing-rules`,
            ids.SUPER_ADMIN.token,
            JSON.stringify({
              turnarounds: [{ ...turnaround, [field]: '__v__' }],
              volumeTiers: service.volumeTiers,
            }).replace('"__v__"', String(value)),
          ),
        `body.turnarounds.0.${field}`,
      );
    }
    const after = listServicesResponseSchema
      .parse((await api('/api/services')).json)
      .services.find((s) => s.id === service.id)!;
    expect(after.subServices[0]!.prices).toEqual(sub.prices);
    expect(after.turnarounds).toEqual(service.turnarounds);
  });

  it('job writes: photos, progress, payment amounts, upload sizes', async () => {
    const { client, job } = await assignedJob();
    await expectRefused(
      'PUT api/jobs/{id}/editor-update progress',
      (value) => send('PUT', `/api/jobs/${job.id}/editor-update`, ids.EDITOR.token, rawBody({}, 'progress', value)),
      'body.progress',
    );
    await expectRefused(
      'PUT api/jobs/{id}/payment/mark-paid amountCents',
      (value) =>
        send(
          'PUT',
          `/api/jobs/${job.id}/payment/mark-paid`,
          ids.MANAGER.token,
          rawBody({ reference: 'x' }, 'amountCents', value),
        ),
      'body.amountCents',
    );
    await expectRefused(
      'POST api/jobs/{id}/refund amountCents',
      (value) =>
        send(
          'POST',
          `/api/jobs/${job.id}/refund`,
          ids.SUPER_ADMIN.token,
          rawBody({ reason: 'x' }, 'amountCents', value),
        ),
      'body.amountCents',
    );
    await expectRefused(
      'POST api/jobs numberOfPhotos',
      (value) =>
        send(
          'POST',
          '/api/jobs',
          client.token,
          rawBody(
            {
              serviceId: job.serviceId,
              selectedSubServices: job.selectedSubServices,
              currency: job.currency,
              linkType: 'own',
              dropboxLink: 'https://example.test/photos',
            },
            'numberOfPhotos',
            value,
          ),
        ),
      'body.numberOfPhotos',
    );
    for (const value of [...extremes.map(String), '1e400']) {
      const query = new URLSearchParams({ fileName: 'x.jpg', contentType: 'image/jpeg', size: value });
      const response = await api(`/api/get-upload-link?${query}`, { token: client.token });
      expect(response.status, `size=${value}: ${response.text}`).toBe(400);
    }
    const unchanged = await readJob(job.id, ids.MANAGER.token);
    expect(unchanged).toMatchObject({ progress: job.progress, payment: null });
  });
});
