/**
 * The local gateway's limit on anonymous POSTs, the WAF's rule (shared/src/anonymous-limit.ts,
 * its synthesized form in infra/test/firewall.test.ts): anonymous POSTs of one address counted
 * together, signed-in requests never. The suite's shared gateway runs with a limit high enough for
 * every other test, so this file starts a second gateway over the same emulators with a limit of
 * three a minute.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startGateway, type Gateway } from '../../../scripts/local/gateway.ts';
import { listServicesResponseSchema } from '@studio/shared/service';
import { useHandlerEnv } from './handler-env.ts';
import { createUploadLinksResponseSchema } from '@studio/shared/image-api';
import { ownLoopback, requestFrom } from '../request-from.ts';
import { api, expectEnvelope, signedInIdentities } from './support.ts';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
let gateway: Gateway;
let serviceId: string;

beforeAll(async () => {
  // The second gateway runs the handlers in this process, so they need the stack's environment.
  useHandlerEnv();
  gateway = await startGateway({
    port: 0,
    repoRoot,
    issuer: `${inject('cognitoEndpoint')}/${inject('userPoolId')}`,
    audiences: [inject('siteClientId'), inject('staffClientId')],
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

  it('counts the anonymous POSTs of one address together, whatever the route; another address goes on', async () => {
    const address = ownLoopback();
    const from = (route: string, body: unknown) =>
      requestFrom(address, gateway.url + route, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
    expect((await from('/api/contact/addnew', contact)).status).toBe(201);
    const trial = {
      serviceId,
      service: 'Ecommerce',
      name: 'Rate Test',
      email: 'rate@example.test',
      imageLink: 'https://example.test/a.jpg',
    };
    expect((await from('/api/free-trial-leads', trial)).status).toBe(201);
    // A failed sign-in is an anonymous POST like the others.
    const signIn = await from('/api/users/signin', { email: 'nobody@example.test', password: 'Wrong-1-pass' });
    expect(signIn.status).not.toBe(429);
    const fourth = await from('/api/free-trial-leads', trial);
    expect(fourth.status, fourth.text).toBe(429);
    expect(expectEnvelope(fourth.json, 429).error).toBe('TOO_MANY_REQUESTS');
    expect(
      (
        await requestFrom(ownLoopback(), gateway.url + '/api/free-trial-leads', {
          method: 'POST',
          body: JSON.stringify(trial),
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(201);
    // Reads are never counted.
    for (let i = 0; i < 5; i++) {
      expect((await requestFrom(address, `${gateway.url}/api/job-openings`)).status).toBe(200);
    }
  });

  it('never counts a signed-in client’s requests by address: 10 upload-link calls from one address', async () => {
    const { CLIENT_A } = await signedInIdentities();
    const address = ownLoopback();
    for (let i = 0; i < 10; i++) {
      const answer = await requestFrom(address, gateway.url + '/api/upload-links', {
        method: 'POST',
        token: CLIENT_A.token,
        body: JSON.stringify({ files: [{ fileName: `p${i}.jpg`, contentType: 'image/jpeg', size: 1000 }] }),
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.status, answer.text).toBe(200);
      createUploadLinksResponseSchema.parse(answer.json);
    }
    // The same address is still allowed its anonymous posts.
    const lead = await requestFrom(address, gateway.url + '/api/contact/addnew', {
      method: 'POST',
      body: JSON.stringify(contact),
      headers: { 'content-type': 'application/json' },
    });
    expect(lead.status).toBe(201);
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
