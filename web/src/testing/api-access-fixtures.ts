import type { ApiKey } from '@studio/shared/api-keys';
import type { Webhook, WebhookDelivery } from '@studio/shared/webhooks';
import { fixtureId } from './service-fixtures.ts';

/** An API key as the list answers it (#36): never the key, only its first characters. */
export function apiKeyFixture(n: number, overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: fixtureId(n, '01JD0KEY00000000000000'),
    name: `Key ${n}`,
    prefix: `rsk_live_Ab${n}dEf`.slice(0, 15),
    scopes: ['jobs:read'],
    createdAt: '2026-11-20T10:00:00.000Z',
    createdBy: { accountId: 'user-1', name: 'Olga Owner' },
    lastUsedAt: null,
    ...overrides,
  };
}

/** A webhook as the list answers it (#36), enabled and delivering unless told otherwise. */
export function webhookFixture(n: number, overrides: Partial<Webhook> = {}): Webhook {
  return {
    id: fixtureId(n, '01JD0HK000000000000000'),
    url: `https://hooks.example.com/studio/${n}`,
    events: ['job.delivered'],
    enabled: true,
    disabledReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    failingSince: null,
    lastDeliveryAt: null,
    ...overrides,
  };
}

/** One attempt of one event (#36). */
export function deliveryFixture(n: number, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: fixtureId(n, '01JD0DV000000000000000'),
    eventId: `evt_${n}`,
    event: 'job.delivered',
    attempt: 1,
    at: '2026-11-21T10:00:00.000Z',
    status: 200,
    ok: true,
    response: 'ok',
    durationMs: 120,
    nextAttemptAt: null,
    ...overrides,
  };
}
