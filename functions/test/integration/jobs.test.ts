/**
 * Ordering: POST api/jobs prices the job on the server, refuses tampered or malformed orders with
 * a 400 and stores nothing, creates one job per idempotency key, holds up under parallel orders,
 * and no client reaches another client's job through any route.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signInResponseSchema } from '@studio/shared/auth';
import { jobResponseSchema, listJobsResponseSchema, type Job } from '@studio/shared/job';
import type { Currency } from '@studio/shared/currency';
import { jobTotalCents, priceLine } from '@studio/shared/job-pricing';
import { listServicesResponseSchema, type Service } from '@studio/shared/service';
import { jobKey, serviceJobsPartition, serviceKey, subServiceKey } from '../../src/data/keys.ts';
import { mapLimit } from '@studio/shared/map-limit';
import { itemsUnder } from './catalog-admin-support.ts';
import { api, expectEnvelope, signedInIdentities, type Identity, type Role } from './support.ts';
import { freshClient, jsonInit, table } from './test-clients.ts';

let identities: Record<Role, Identity>;
let service: Service;
let otherService: Service;

beforeAll(async () => {
  identities = await signedInIdentities();
  const services = listServicesResponseSchema.parse((await api('/api/services')).json).services;
  service = services.find((s) => s.subServices.length >= 2)!;
  otherService = services.find((s) => s.id !== service.id && s.subServices.length > 0)!;
});

/** What the job must cost, priced by the shared module from the catalogue the API answers. */
function expectedTotalCents(svc: Service, ids: string[], currency: Currency, photos: number): number {
  const lines = ids.map((id) =>
    priceLine(
      svc.subServices.find((s) => s.id === id)!,
      currency,
    )!,
  );
  // No turnaround named: the service's default (#17), and its volume tiers.
  return jobTotalCents({ lines, photos, currency, turnaround: svc.turnarounds[0], volumeTiers: svc.volumeTiers });
}

/** The answer carries the total in cents and, as the spec names it, in major units. */
function expectTotal(job: Job, cents: number) {
  expect(job.totalCents).toBe(cents);
  expect(job.totalPrice).toBe(cents / 100);
}

function order(overrides: Record<string, unknown> = {}) {
  return {
    serviceId: service.id,
    selectedSubServices: service.subServices.slice(0, 2).map((s) => s.id),
    currency: 'EUR',
    linkType: 'own',
    dropboxLink: 'https://www.dropbox.com/sh/abc/photos',
    numberOfPhotos: 3,
    instructions: 'White background, keep the shadows.',
    ...overrides,
  };
}

const createJob = (token: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  api('/api/jobs', jsonInit('POST', body, token, headers));

async function jobsOf(token: string, userId: string): Promise<Job[]> {
  const response = await api(`/api/jobs/client/${userId}`, { token });
  expect(response.status, response.text).toBe(200);
  return listJobsResponseSchema.parse(response.json).jobs;
}

/** The jobs counted on a service (pattern 15): its shards, and its own count from before them. */
async function jobCount(serviceId: string): Promise<number> {
  const { client, name } = table();
  const item = await client.send(new GetCommand({ TableName: name, Key: serviceKey(serviceId) }));
  const shards = await itemsUnder(serviceJobsPartition(serviceId));
  return shards.reduce(
    (total, shard) => total + ((shard.jobCount as number | undefined) ?? 0),
    (item.Item?.jobCount as number | undefined) ?? 0,
  );
}

describe('POST api/jobs', () => {
  it('creates a PENDING job priced by the server, owned by the caller, and counts it on the service', async () => {
    const client = await freshClient();
    const before = await jobCount(service.id);
    const body = order();
    const response = await createJob(client.token, body);
    expect(response.status, response.text).toBe(201);
    const { job } = jobResponseSchema.parse(response.json);
    expect(job).toMatchObject({
      clientId: client.userId,
      serviceId: service.id,
      serviceName: service.name,
      selectedSubServices: body.selectedSubServices,
      currency: 'EUR',
      linkType: 'own',
      dropboxLink: body.dropboxLink,
      uploadId: null,
      numberOfPhotos: 3,
      instructions: body.instructions,
      status: 'PENDING',
      progress: 0,
      editorId: null,
      editorDropboxLink: null,
      payment: null,
    });
    expectTotal(job, expectedTotalCents(service, body.selectedSubServices, 'EUR', 3));
    expect(job.subServices.map((s) => s.id)).toEqual(body.selectedSubServices);
    for (const sub of job.subServices) {
      const catalogue = service.subServices.find((s) => s.id === sub.id)!;
      expect(sub.unitPriceCents).toBe(catalogue.prices.find((p) => p.currency === 'EUR')!.cents);
      expect(sub.unitPrice).toBe(sub.unitPriceCents / 100);
    }
    expect(await jobCount(service.id)).toBeGreaterThanOrEqual(before + 1);
    expect(await jobsOf(client.token, client.userId)).toEqual([job]);
  });

  it('defaults to USD and computes totals in whole cents (no float drift)', async () => {
    const client = await freshClient();
    const ids = [service.subServices[0]!.id];
    const { currency: _, ...withoutCurrency } = order({ selectedSubServices: ids, numberOfPhotos: 99_999 });
    const response = await createJob(client.token, withoutCurrency);
    expect(response.status, response.text).toBe(201);
    const { job } = jobResponseSchema.parse(response.json);
    expect(job.currency).toBe('USD');
    const unitCents = service.subServices[0]!.prices.find((p) => p.currency === 'USD')!.cents;
    expect(job.subtotalCents).toBe(unitCents * 99_999);
    expectTotal(job, expectedTotalCents(service, ids, 'USD', 99_999));
  });

  describe('refuses a bad order with a 400 in the envelope and stores nothing', () => {
    let client: Awaited<ReturnType<typeof freshClient>>;
    beforeAll(async () => {
      client = await freshClient();
    });

    const cases: [string, () => Record<string, unknown>, string][] = [
      ['a tampered total', () => order({ totalPrice: 0.01 }), 'body'],
      ['a price', () => order({ price: 0 }), 'body'],
      ['a status', () => order({ status: 'COMPLETED' }), 'body'],
      ['a clientId', () => order({ clientId: identities.CLIENT_B.userId }), 'body'],
      ['a payment', () => order({ payment: { status: 'PAID' } }), 'body'],
      ['a negative photo count', () => order({ numberOfPhotos: -5 }), 'body.numberOfPhotos'],
      ['zero photos', () => order({ numberOfPhotos: 0 }), 'body.numberOfPhotos'],
      ['a huge photo count', () => order({ numberOfPhotos: 100_001 }), 'body.numberOfPhotos'],
      ['an astronomical photo count', () => order({ numberOfPhotos: 1e308 }), 'body.numberOfPhotos'],
      ['a fractional photo count', () => order({ numberOfPhotos: 2.5 }), 'body.numberOfPhotos'],
      ['a photo count as text', () => order({ numberOfPhotos: '3' }), 'body.numberOfPhotos'],
      ['an unknown currency', () => order({ currency: 'JPY' }), 'body.currency'],
      ['a lower-case currency', () => order({ currency: 'usd' }), 'body.currency'],
      [
        'a foreign subservice',
        () => order({ selectedSubServices: [otherService.subServices[0]!.id] }),
        'body.selectedSubServices',
      ],
      [
        'a foreign subservice among own ones',
        () => order({ selectedSubServices: [service.subServices[0]!.id, otherService.subServices[0]!.id] }),
        'body.selectedSubServices',
      ],
      ['an unknown subservice', () => order({ selectedSubServices: [ulid()] }), 'body.selectedSubServices'],
      ['no subservice', () => order({ selectedSubServices: [] }), 'body.selectedSubServices'],
      [
        'a subservice twice',
        () => order({ selectedSubServices: [service.subServices[0]!.id, service.subServices[0]!.id] }),
        'body.selectedSubServices',
      ],
      ['a malformed subservice id', () => order({ selectedSubServices: ['nope'] }), 'body.selectedSubServices.0'],
      ['an unknown service', () => order({ serviceId: ulid() }), 'body.serviceId'],
      ['over-long instructions', () => order({ instructions: 'x'.repeat(5001) }), 'body.instructions'],
      ['no link for linkType own', () => order({ dropboxLink: undefined }), 'body.dropboxLink'],
      ['a javascript: link', () => order({ dropboxLink: 'javascript:alert(1)' }), 'body.dropboxLink'],
      [
        'an over-long link',
        () => order({ dropboxLink: `https://example.test/${'a'.repeat(2100)}` }),
        'body.dropboxLink',
      ],
      ['an unknown link type', () => order({ linkType: 'ftp' }), 'body.linkType'],
      ['generate without an upload', () => order({ linkType: 'generate', dropboxLink: undefined }), 'body.uploadId'],
    ];

    it.each(cases)('%s', async (_, body, path) => {
      const response = await createJob(client.token, body());
      expect(response.status, response.text).toBe(400);
      const envelope = expectEnvelope(response.json, 400);
      expect(envelope.details?.issues?.map((i) => i.path)).toContain(path);
      expect(await jobsOf(client.token, client.userId)).toEqual([]);
    });

    it('a subservice without a price in the chosen currency', async () => {
      // A service of its own, outside the catalogue listing, whose one subservice has a USD price only.
      const { client: db, name } = table();
      const serviceId = ulid();
      const subId = ulid();
      const now = new Date().toISOString();
      await db.send(
        new PutCommand({
          TableName: name,
          Item: {
            ...serviceKey(serviceId),
            type: 'Service',
            id: serviceId,
            name: 'USD only',
            description: 'Test service',
            beforeImageKey: 'media/x.svg',
            afterImageKey: 'media/x.svg',
            order: 999,
            createdAt: now,
            updatedAt: now,
          },
        }),
      );
      await db.send(
        new PutCommand({
          TableName: name,
          Item: {
            ...subServiceKey(serviceId, subId),
            type: 'SubService',
            id: subId,
            serviceId,
            name: 'Dollar retouch',
            description: 'Test',
            order: 1,
            priceCents: { USD: 125 },
          },
        }),
      );
      const refused = await createJob(
        client.token,
        order({ serviceId, selectedSubServices: [subId], currency: 'GBP' }),
      );
      expect(refused.status).toBe(400);
      const envelope = expectEnvelope(refused.json, 400);
      expect(envelope.details?.issues?.[0]).toEqual({
        path: 'body.selectedSubServices',
        message: 'Dollar retouch has no price in GBP.',
      });
      expect(await jobsOf(client.token, client.userId)).toEqual([]);
      const accepted = await createJob(
        client.token,
        order({ serviceId, selectedSubServices: [subId], currency: 'USD' }),
      );
      expect(accepted.status).toBe(201);
      expectTotal(jobResponseSchema.parse(accepted.json).job, 375);
    });
  });

  describe('Idempotency-Key', () => {
    it('the same key twice creates one job and answers the same', async () => {
      const client = await freshClient();
      const key = randomBytes(16).toString('hex');
      const first = await createJob(client.token, order(), { 'idempotency-key': key });
      const second = await createJob(client.token, order(), { 'idempotency-key': key });
      expect(first.status, first.text).toBe(201);
      expect(second.status).toBe(201);
      expect(second.json).toEqual(first.json);
      expect(await jobsOf(client.token, client.userId)).toHaveLength(1);
    });

    it('the same key sent concurrently still creates one job', async () => {
      const client = await freshClient();
      const key = randomBytes(16).toString('hex');
      const responses = await Promise.all(
        Array.from({ length: 8 }, () => createJob(client.token, order(), { 'idempotency-key': key })),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(8).fill(201));
      const ids = new Set(responses.map((r) => jobResponseSchema.parse(r.json).job.id));
      expect(ids.size).toBe(1);
      expect(await jobsOf(client.token, client.userId)).toHaveLength(1);
    });

    it('the same key with another body is a 409; other keys and other clients are independent', async () => {
      const client = await freshClient();
      const other = await freshClient();
      const key = randomBytes(16).toString('hex');
      expect((await createJob(client.token, order(), { 'idempotency-key': key })).status).toBe(201);
      const changed = await createJob(client.token, order({ numberOfPhotos: 4 }), { 'idempotency-key': key });
      expect(changed.status).toBe(409);
      expectEnvelope(changed.json, 409);
      expect((await createJob(client.token, order(), { 'idempotency-key': `${key}-2` })).status).toBe(201);
      // Keys are per client: the same key from another client is another order.
      expect((await createJob(other.token, order(), { 'idempotency-key': key })).status).toBe(201);
      expect(await jobsOf(client.token, client.userId)).toHaveLength(2);
      expect(await jobsOf(other.token, other.userId)).toHaveLength(1);
    });

    it('refuses a malformed key with a 400 naming the header', async () => {
      const client = await freshClient();
      for (const key of ['x'.repeat(201), 'has space']) {
        const response = await createJob(client.token, order(), { 'idempotency-key': key });
        expect(response.status).toBe(400);
        expect(expectEnvelope(response.json, 400).details?.issues?.[0]?.path).toBe('headers.idempotency-key');
      }
      expect(await jobsOf(client.token, client.userId)).toEqual([]);
    });
  });

  // 25 at a time: 100 at once made DynamoDB Local (sharing two cores with the browser and unit
  // lanes) answer past the SDK's timeout now and then, a 503 of the local emulator, not of the
  // orders. 25 in flight still races every order's numbers, upload and idempotency items. The
  // orders stop when the test ends by its timeout, so none goes on under the next tests.
  it('100 orders from 10 clients, 25 at a time: exactly 100 jobs, each priced right', async ({ signal }) => {
    const clients = await Promise.all(Array.from({ length: 10 }, () => freshClient()));
    const subs = service.subServices.map((s) => s.id);
    const currencies = ['USD', 'EUR', 'GBP'] as const;
    const orders = clients.flatMap((client, c) =>
      Array.from({ length: 10 }, (_, i) => {
        const selected = subs.slice(0, 1 + ((c + i) % subs.length));
        const currency = currencies[(c * 10 + i) % 3]!;
        const photos = 1 + c * 137 + i * 7;
        return { client, body: order({ selectedSubServices: selected, currency, numberOfPhotos: photos }) };
      }),
    );
    const responses = await mapLimit(orders, 25, ({ client, body }) => {
      signal.throwIfAborted();
      return createJob(client.token, body);
    });
    expect(responses).toHaveLength(100);
    expect(responses.filter((r) => r.status !== 201).map((r) => r.text)).toEqual([]);

    for (const client of clients) {
      const jobs = await jobsOf(client.token, client.userId);
      expect(jobs).toHaveLength(10);
      // Newest first.
      const created = jobs.map((j) => j.createdAt);
      expect([...created].sort().reverse()).toEqual(created);
      for (const job of jobs) {
        expect(job.clientId).toBe(client.userId);
        expectTotal(job, expectedTotalCents(service, job.selectedSubServices, job.currency, job.numberOfPhotos));
      }
    }
  }, 60_000);
});

describe("one client never reaches another client's job", () => {
  let jobOfA: Job;

  beforeAll(async () => {
    const created = await createJob(identities.CLIENT_A.token, order());
    jobOfA = jobResponseSchema.parse(created.json).job;
  });

  it('GET api/jobs/{id}: the owner and managers see it; client B and an unassigned editor get 404', async () => {
    for (const role of ['CLIENT_A', 'MANAGER', 'SUPER_ADMIN'] as const) {
      const response = await api(`/api/jobs/${jobOfA.id}`, { token: identities[role].token });
      expect(response.status, role).toBe(200);
      expect(jobResponseSchema.parse(response.json).job.id).toBe(jobOfA.id);
    }
    for (const role of ['CLIENT_B', 'EDITOR'] as const) {
      const response = await api(`/api/jobs/${jobOfA.id}`, { token: identities[role].token });
      expect(response.status, role).toBe(404);
      // The same answer as for an id that does not exist.
      const missing = await api(`/api/jobs/${ulid()}`, { token: identities[role].token });
      expect(response.json).toEqual(missing.json);
    }
  });

  it('GET api/jobs/client/{userId}: 403 for another client, any id for staff', async () => {
    const response = await api(`/api/jobs/client/${identities.CLIENT_A.userId}`, { token: identities.CLIENT_B.token });
    expect(response.status).toBe(403);
    expectEnvelope(response.json, 403);
    for (const role of ['MANAGER', 'SUPER_ADMIN'] as const) {
      const staff = await api(`/api/jobs/client/${identities.CLIENT_A.userId}`, { token: identities[role].token });
      expect(staff.status).toBe(200);
      expect(listJobsResponseSchema.parse(staff.json).jobs.map((j) => j.id)).toContain(jobOfA.id);
    }
  });

  it('GET api/jobs/user-jobs?userId=: 403 for another client, any id for staff', async () => {
    const response = await api(`/api/jobs/user-jobs?userId=${identities.CLIENT_A.userId}`, {
      token: identities.CLIENT_B.token,
    });
    expect(response.status).toBe(403);
    expectEnvelope(response.json, 403);
    const own = await api(`/api/jobs/user-jobs?userId=${identities.CLIENT_A.userId}`, {
      token: identities.CLIENT_A.token,
    });
    expect(listJobsResponseSchema.parse(own.json).jobs.map((j) => j.id)).toContain(jobOfA.id);
    const staff = await api(`/api/jobs/user-jobs?userId=${identities.CLIENT_A.userId}`, {
      token: identities.MANAGER.token,
    });
    expect(listJobsResponseSchema.parse(staff.json).jobs.map((j) => j.id)).toContain(jobOfA.id);
  });

  it('PUT api/jobs/{id}/payment: client B gets 404 and the job is unchanged', async () => {
    const response = await api(
      `/api/jobs/${jobOfA.id}/payment`,
      jsonInit('PUT', { method: 'PayPal', currency: 'USD', acceptTerms: true }, identities.CLIENT_B.token),
    );
    expect(response.status).toBe(404);
    const after = await api(`/api/jobs/${jobOfA.id}`, { token: identities.CLIENT_A.token });
    expect(jobResponseSchema.parse(after.json).job).toEqual(jobOfA);
  });

  it("POST api/jobs cannot place a job in another client's name", async () => {
    const response = await createJob(identities.CLIENT_B.token, order({ clientId: identities.CLIENT_A.userId }));
    expect(response.status).toBe(400);
    const jobsOfA = await jobsOf(identities.CLIENT_A.token!, identities.CLIENT_A.userId!);
    expect(jobsOfA.every((j) => j.clientId === identities.CLIENT_A.userId)).toBe(true);
  });
});

describe('PUT api/jobs/{id}/payment', () => {
  it('records the chosen method and currency as a PENDING payment', async () => {
    const client = await freshClient();
    const { job } = jobResponseSchema.parse((await createJob(client.token, order())).json);
    const response = await api(
      `/api/jobs/${job.id}/payment`,
      jsonInit('PUT', { method: 'Credit/Debit Card', currency: 'EUR', acceptTerms: true }, client.token),
    );
    expect(response.status, response.text).toBe(200);
    const paid = jobResponseSchema.parse(response.json).job;
    expect(paid.payment).toMatchObject({ status: 'PENDING', method: 'Credit/Debit Card', currency: 'EUR' });
    expect(paid.totalPrice).toBe(job.totalPrice);
    expect(paid.status).toBe('PENDING');
    // Changing the choice while unpaid is allowed.
    const again = await api(
      `/api/jobs/${job.id}/payment`,
      jsonInit('PUT', { method: 'PayPal', currency: 'EUR', acceptTerms: true }, client.token),
    );
    expect(jobResponseSchema.parse(again.json).job.payment).toMatchObject({ method: 'PayPal', currency: 'EUR' });
  });

  it('takes the payment in the currency the job is priced in only', async () => {
    const client = await freshClient();
    const { job } = jobResponseSchema.parse((await createJob(client.token, order({ currency: 'GBP' }))).json);
    for (const currency of ['USD', 'EUR']) {
      const response = await api(
        `/api/jobs/${job.id}/payment`,
        jsonInit('PUT', { method: 'PayPal', currency, acceptTerms: true }, client.token),
      );
      expect(response.status).toBe(400);
      expect(expectEnvelope(response.json, 400).details?.issues).toEqual([
        { path: 'body.currency', message: 'This job is priced in GBP, so it is paid in GBP.' },
      ]);
    }
    // The payment page's other choices (docs/decisions/client-accounts-and-ordering.md) are no currency a job is priced in.
    for (const currency of ['IND', 'INR', 'CAD', 'Other']) {
      const response = await api(
        `/api/jobs/${job.id}/payment`,
        jsonInit('PUT', { method: 'PayPal', currency, acceptTerms: true }, client.token),
      );
      expect(response.status).toBe(400);
      expect(expectEnvelope(response.json, 400).details?.issues?.map((i) => i.path)).toEqual(['body.currency']);
    }
    const after = await api(`/api/jobs/${job.id}`, { token: client.token });
    expect(jobResponseSchema.parse(after.json).job.payment).toBeNull();
    const paid = await api(
      `/api/jobs/${job.id}/payment`,
      jsonInit('PUT', { method: 'PayPal', currency: 'GBP', acceptTerms: true }, client.token),
    );
    expect(jobResponseSchema.parse(paid.json).job.payment).toMatchObject({ currency: 'GBP', status: 'PENDING' });
  });

  it.each([
    ['terms not accepted', { method: 'PayPal', currency: 'USD', acceptTerms: false }, 'body.acceptTerms'],
    ['no terms', { method: 'PayPal', currency: 'USD' }, 'body.acceptTerms'],
    ['an unknown method', { method: 'Bitcoin', currency: 'USD', acceptTerms: true }, 'body.method'],
    ['an unknown currency', { method: 'PayPal', currency: 'JPY', acceptTerms: true }, 'body.currency'],
  ])('refuses %s with a 400 and changes nothing', async (_, body, path) => {
    const client = await freshClient();
    const { job } = jobResponseSchema.parse((await createJob(client.token, order())).json);
    const response = await api(`/api/jobs/${job.id}/payment`, jsonInit('PUT', body, client.token));
    expect(response.status).toBe(400);
    expect(expectEnvelope(response.json, 400).details?.issues?.map((i) => i.path)).toContain(path);
    const after = await api(`/api/jobs/${job.id}`, { token: client.token });
    expect(jobResponseSchema.parse(after.json).job.payment).toBeNull();
  });

  it('refuses to change a PAID job with 409', async () => {
    const client = await freshClient();
    const { job } = jobResponseSchema.parse((await createJob(client.token, order())).json);
    // No payment provider yet: mark it paid the way the provider's webhook will.
    const { client: db, name } = table();
    await db.send(
      new UpdateCommand({
        TableName: name,
        Key: jobKey(job.id),
        UpdateExpression: 'SET payment = :p',
        ExpressionAttributeValues: {
          ':p': { status: 'PAID', method: 'PayPal', currency: 'USD', updatedAt: new Date().toISOString() },
        },
      }),
    );
    const response = await api(
      `/api/jobs/${job.id}/payment`,
      jsonInit('PUT', { method: 'Other', currency: 'EUR', acceptTerms: true }, client.token),
    );
    expect(response.status).toBe(409);
    expectEnvelope(response.json, 409);
    const after = await api(`/api/jobs/${job.id}`, { token: client.token });
    expect(jobResponseSchema.parse(after.json).job.payment).toMatchObject({ status: 'PAID', method: 'PayPal' });
  });
});

describe('demo content', () => {
  it('the demo client has a job in each state of the dashboard', async () => {
    const account = inject('accounts').find((a) => a.role === 'CLIENT')!;
    const signedIn = await api(
      '/api/users/signin',
      jsonInit('POST', { email: account.email, password: account.password }),
    );
    const { token, user } = signInResponseSchema.parse(signedIn.json);
    const jobs = await jobsOf(token, user.id);
    const seeded = jobs.filter((j) => j.dropboxLink === 'https://www.dropbox.com/sh/demo/photos');
    expect(seeded.map((j) => [j.status, j.progress, j.payment?.status ?? null])).toEqual([
      ['PENDING', 0, null],
      ['IN_PROGRESS', 40, 'PAID'],
      // #17: a delivery waiting for the client's answer, and an approved one.
      ['DELIVERED', 100, 'PAID'],
      ['COMPLETED', 100, 'PAID'],
    ]);
    for (const job of seeded) expect(job.totalPrice).toBeGreaterThan(0);
  });
});
