/**
 * The local gateway's limit on anonymous POSTs. The suite's shared gateway runs with a limit high
 * enough for every other test, so this file starts a second gateway over the same emulators with a
 * limit of three a minute.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type Gateway } from '../../../scripts/local/gateway.ts';
import { listServicesResponseSchema } from '@studio/shared/service';
import { useHandlerEnv } from './handler-env.ts';
import { api, expectEnvelope } from './support.ts';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
let gateway: Gateway;
let serviceId: string;

beforeAll(async () => {
  // The second gateway runs the handlers in this process, so they need the stack's environment.
  useHandlerEnv();
  gateway = await startGateway({
    port: 0,
    repoRoot,
    issuer: 'http://127.0.0.1:1/unused',
    audiences: ['unused'],
    rateLimit: { limit: 3, windowMs: 60_000 },
    originSecret: process.env.ORIGIN_SECRET!,
  });
  serviceId = listServicesResponseSchema.parse((await api('/api/services')).json).services[0]!.id;
});

afterAll(async () => {
  await gateway?.close();
});

function post(route: string, body: unknown) {
  return fetch(gateway.url + route, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
}

const contact = { name: 'Rate Test', email: 'rate@example.test', phone: '555', description: 'Counting.' };

describe('anonymous POST rate limit', () => {
  it('answers 429 TOO_MANY_REQUESTS with Retry-After past the limit, without calling the handler', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await post('/api/contact/addnew', contact);
      expect(response.status).toBe(201);
    }
    const refused = await post('/api/contact/addnew', contact);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const envelope = expectEnvelope(await refused.json(), 429);
    expect(envelope.error).toBe('TOO_MANY_REQUESTS');
    expect(envelope.message).toMatch(/Too many requests.*wait \d+ seconds/);
    // Refused before the handler: even an invalid body gets the 429, not a 400.
    expect((await post('/api/contact/addnew', { source: 'footer' })).status).toBe(429);
  });

  it('counts each route separately and leaves reads alone', async () => {
    const trial = await post('/api/free-trial-leads', {
      serviceId,
      service: 'Ecommerce',
      name: 'Rate Test',
      email: 'rate@example.test',
      imageLink: 'https://example.test/a.jpg',
    });
    expect(trial.status).toBe(201);
    for (let i = 0; i < 5; i++) {
      const read = await fetch(`${gateway.url}/api/job-openings`);
      expect(read.status).toBe(200);
    }
  });

  it('does not limit the suite’s shared gateway at this rate', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await api('/api/contact/addnew', {
        method: 'POST',
        body: JSON.stringify({ source: 'footer' }),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
    }
  });
});
