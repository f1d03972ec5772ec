/**
 * Webhooks of the public API (#36) through the local gateway: an organisation's OWNERs manage them
 * (other roles 403 naming the role, non-members the 404 of an unknown organisation, another
 * organisation's webhook 404); the signing secret is answered once; target URLs that are not https
 * or that point into private, loopback or link-local space are refused; a job made in the
 * organisation reaches a receiver started here as a signed `job.created`; "send a test event"; a
 * failed try is logged with its next try. Retries over hours, the dead letter and the webhook
 * turned off after 3 days move the stack's clock: functions/test/isolated/webhook-retries.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOrganisationsResponseSchema, organisationResponseSchema } from '@studio/shared/organisation';
import { jobResponseSchema } from '@studio/shared/job';
import {
  createdWebhookResponseSchema,
  listWebhooksResponseSchema,
  testWebhookResponseSchema,
  webhookDeliveriesResponseSchema,
  webhookResponseSchema,
} from '@studio/shared/webhooks';
import { deliver, images, jobWithPhotos, postFinished, qc } from './images-support.ts';
import { jpegPhoto } from './job-files-support.ts';
import { api, expectEnvelope, signedInIdentities } from './support.ts';
import { freshClient, jsonInit } from './test-clients.ts';
import { linkOrder, organisationWithTeam, type Person } from './order-support.ts';
import { useHandlerEnv } from './handler-env.ts';
import { signatureValid, startReceiver, type Receiver } from './webhook-receiver.ts';

useHandlerEnv();

let owner: Person;
let buyer: Person;
let reviewer: Person;
let viewer: Person;
let stranger: Person;
let organisationId: string;
let otherOrganisationId: string;
let receiver: Receiver;

const hooksPath = (organisation = organisationId) => `/api/organisations/${organisation}/webhooks`;
const send = (method: string, path: string, body: unknown, token: string) => api(path, jsonInit(method, body, token));

async function created(events: string[], url = receiver.url, organisation = organisationId, token = owner.token) {
  const answer = await send('POST', hooksPath(organisation), { url, events }, token);
  expect(answer.status, answer.text).toBe(201);
  return createdWebhookResponseSchema.parse(answer.json);
}

async function deliveries(hookId: string) {
  const answer = await api(`${hooksPath()}/${hookId}/deliveries`, { token: owner.token });
  expect(answer.status, answer.text).toBe(200);
  return webhookDeliveriesResponseSchema.parse(answer.json).deliveries;
}

async function eventuallyLogged(hookId: string, eventId: string, count = 1) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const logged = (await deliveries(hookId)).filter((d) => d.eventId === eventId);
    if (logged.length >= count) return logged;
    if (Date.now() > deadline) throw new Error(`event ${eventId} not logged ${count} time(s)`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** A job ordered in the organisation (unpaid, not started: its client may still cancel it). */
async function ordered(token: string) {
  const order = await send('POST', '/api/jobs', { ...(await linkOrder()), organisationId }, token);
  expect(order.status, order.text).toBe(201);
  return jobResponseSchema.parse(order.json).job;
}

beforeAll(async () => {
  const team = await organisationWithTeam('Hook Brands', 'Elsewhere Ltd');
  ({ organisationId, owner, buyer, reviewer, viewer, stranger } = team);
  otherOrganisationId = team.strangersOrganisationId!;
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver?.close();
});

describe('managing webhooks', () => {
  it('answers the signing secret once, and never again', async () => {
    const { webhook, secret } = await created(['job.created', 'job.paid']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43,}$/);
    expect(webhook).toMatchObject({
      url: receiver.url,
      events: ['job.created', 'job.paid'],
      enabled: true,
      disabledReason: null,
      failingSince: null,
      lastDeliveryAt: null,
    });
    const list = await api(hooksPath(), { token: owner.token });
    expect(list.status, list.text).toBe(200);
    expect(list.text).not.toContain(secret);
    expect(list.text).not.toContain('whsec_');
    expect(listWebhooksResponseSchema.parse(list.json).webhooks.map((w) => w.id)).toContain(webhook.id);

    const updated = await send('PUT', `${hooksPath()}/${webhook.id}`, { events: ['job.delivered'] }, owner.token);
    expect(updated.status, updated.text).toBe(200);
    expect(updated.text).not.toContain('whsec_');
    expect(webhookResponseSchema.parse(updated.json).webhook.events).toEqual(['job.delivered']);

    const deleted = await api(`${hooksPath()}/${webhook.id}`, { method: 'DELETE', token: owner.token });
    expect(deleted.status, deleted.text).toBe(200);
    const again = await api(`${hooksPath()}/${webhook.id}`, { method: 'DELETE', token: owner.token });
    expectEnvelope(again.json, 404);
    const listed = listWebhooksResponseSchema.parse((await api(hooksPath(), { token: owner.token })).json).webhooks;
    expect(listed.map((w) => w.id)).not.toContain(webhook.id);
  });

  it('lets OWNERs only: other roles get a 403 naming the role, strangers a 404, another organisation’s webhook is a 404', async () => {
    const { webhook } = await created(['job.created']);
    const hook = `${hooksPath()}/${webhook.id}`;
    const calls = (token: string) => [
      send('POST', hooksPath(), { url: receiver.url, events: ['job.created'] }, token),
      api(hooksPath(), { token }),
      send('PUT', hook, { enabled: true }, token),
      api(hook, { method: 'DELETE', token }),
      api(`${hook}/deliveries`, { token }),
      api(`${hook}/test`, { method: 'POST', token }),
    ];
    for (const [person, role] of [
      [buyer, 'BUYER'],
      [reviewer, 'REVIEWER'],
      [viewer, 'VIEWER'],
    ] as const) {
      for (const answer of await Promise.all(calls(person.token))) {
        expect(expectEnvelope(answer.json, 403).message).toContain(role);
      }
    }
    for (const answer of await Promise.all(calls(stranger.token))) {
      expect(expectEnvelope(answer.json, 404).message).toContain('organisation');
    }
    // The stranger's own organisation does not reach this one's webhook.
    const foreign = `${hooksPath(otherOrganisationId)}/${webhook.id}`;
    for (const answer of await Promise.all([
      send('PUT', foreign, { enabled: false }, stranger.token),
      api(foreign, { method: 'DELETE', token: stranger.token }),
      api(`${foreign}/deliveries`, { token: stranger.token }),
      api(`${foreign}/test`, { method: 'POST', token: stranger.token }),
    ])) {
      expect(expectEnvelope(answer.json, 404).message).toContain('webhook');
    }
    const still = listWebhooksResponseSchema.parse((await api(hooksPath(), { token: owner.token })).json).webhooks;
    expect(still.find((w) => w.id === webhook.id)?.enabled).toBe(true);
    await api(hook, { method: 'DELETE', token: owner.token });
  });

  it.each([
    ['http://hooks.example.test/studio', 'https://'],
    ['https://169.254.169.254/latest/meta-data/', '169.254.0.0/16'],
    ['https://10.1.2.3/hooks', '10.0.0.0/8'],
    ['https://[::ffff:127.0.0.1]/hooks', '127.0.0.0/8'],
    ['https://[fd00:ec2::254]/hooks', 'fc00::/7'],
    ['https://100.64.0.1/hooks', '100.64.0.0/10'],
    ['https://localhost/hooks', 'loopback'],
    ['ftp://hooks.example.test/studio', 'https://'],
    ['https://user:secret@hooks.example.test/', 'user name or password'],
    ['not a url', 'full URL'],
  ])('refuses %s with a 400 naming the rule', async (url, rule) => {
    const answer = await send('POST', hooksPath(), { url, events: ['job.created'] }, owner.token);
    const envelope = expectEnvelope(answer.json, 400);
    expect(JSON.stringify(envelope)).toContain(rule);
  });

  it('refuses unknown events, and an eleventh webhook', async () => {
    const unknown = await send('POST', hooksPath(), { url: receiver.url, events: ['job.exploded'] }, owner.token);
    expectEnvelope(unknown.json, 400);
    const [, ownOrg] = await Promise.all([
      null,
      send('POST', '/api/organisations', { name: 'Many Hooks' }, owner.token),
    ]);
    const many = organisationResponseSchema.parse(ownOrg.json).organisation.id;
    for (let i = 0; i < 10; i++) await created(['job.paid'], receiver.url, many);
    const eleventh = await send('POST', hooksPath(many), { url: receiver.url, events: ['job.paid'] }, owner.token);
    expect(expectEnvelope(eleventh.json, 409).message).toContain('at most 10');
  });
});

describe('deliveries', () => {
  it('sends a job made in the organisation as a signed job.created the receiver can verify', async () => {
    const { webhook, secret } = await created(['job.created']);
    const job = await ordered(buyer.token);

    const request = await receiver.next((r) => r.payload.type === 'job.created' && r.body.includes(job.id));
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['user-agent']).toBe('Studio-Webhooks/1');
    expect(signatureValid(secret, request.headers['studio-signature'], request.body)).toBe(true);
    expect(signatureValid(`${secret}x`, request.headers['studio-signature'], request.body)).toBe(false);
    expect(request.headers['studio-event-id']).toBe(request.payload.id);
    expect(request.payload).toMatchObject({ type: 'job.created', organisationId });
    expect(jobResponseSchema.parse(request.payload.data).job).toMatchObject({ id: job.id, organisationId });

    const [logged] = await eventuallyLogged(webhook.id, request.payload.id);
    expect(logged).toMatchObject({ event: 'job.created', attempt: 1, ok: true, status: 200, nextAttemptAt: null });
    const after = listWebhooksResponseSchema.parse((await api(hooksPath(), { token: owner.token })).json).webhooks;
    expect(after.find((w) => w.id === webhook.id)?.lastDeliveryAt).not.toBeNull();
    await api(`${hooksPath()}/${webhook.id}`, { method: 'DELETE', token: owner.token });
  });

  it('sends a client’s cancellation of its job as job.cancelled', async () => {
    const { webhook, secret } = await created(['job.cancelled']);
    const job = await ordered(owner.token);
    const cancelled = await api(`/api/jobs/${job.id}/cancel`, { method: 'POST', token: owner.token });
    expect(cancelled.status, cancelled.text).toBe(200);
    const request = await receiver.next((r) => r.payload.type === 'job.cancelled' && r.body.includes(job.id));
    expect(signatureValid(secret, request.headers['studio-signature'], request.body)).toBe(true);
    expect(jobResponseSchema.parse(request.payload.data).job).toMatchObject({ id: job.id, status: 'CANCELLED' });
    // The job's creation was not asked for: only the cancellation came.
    expect(receiver.received.filter((r) => r.body.includes(job.id)).map((r) => r.payload.type)).toEqual([
      'job.cancelled',
    ]);
    await api(`${hooksPath()}/${webhook.id}`, { method: 'DELETE', token: owner.token });
  });

  it('sends the images a change releases to the client as one image.delivered listing their ids', async () => {
    const client = await freshClient({ name: 'Ima Client' });
    const photos = await Promise.all(
      ['w1.jpg', 'w2.jpg', 'w3.jpg'].map(async (name, i) => ({ name, body: await jpegPhoto(70 + i) })),
    );
    const job = await jobWithPhotos(client, photos);
    const orgs = listOrganisationsResponseSchema.parse((await api('/api/organisations', { token: client.token })).json);
    const personal = orgs.organisations.find((o) => o.personal)!;
    expect(job.organisationId).toBe(personal.id);
    const hook = await send(
      'POST',
      hooksPath(personal.id),
      { url: receiver.url, events: ['image.delivered'] },
      client.token,
    );
    expect(hook.status, hook.text).toBe(201);
    const { secret } = createdWebhookResponseSchema.parse(hook.json);

    const manager = (await signedInIdentities()).MANAGER.token;
    const list = (await images(job.id, manager)).images;
    const released = list.slice(0, 2);
    const links = await postFinished(
      manager,
      job.id,
      await Promise.all(released.map(async (image, i) => ({ name: image.fileName, body: await jpegPhoto(80 + i) }))),
    );
    const delivered = await deliver(
      manager,
      job.id,
      links.map((link) => ({ key: link.key, fileName: link.fileName })),
    );
    expect(delivered.status, delivered.text).toBe(200);
    for (const image of released) expect((await qc(manager, job.id, image.id, { decision: 'PASS' })).status).toBe(200);

    const wanted = released.map((image) => image.id).sort();
    const deadline = Date.now() + 20_000;
    let ids: string[] = [];
    while (Date.now() < deadline) {
      const events = receiver.received.filter((r) => r.payload.type === 'image.delivered' && r.body.includes(job.id));
      for (const event of events)
        expect(signatureValid(secret, event.headers['studio-signature'], event.body)).toBe(true);
      ids = events.flatMap((event) => (event.payload.data as { imageIds: string[] }).imageIds).sort();
      if (ids.length >= wanted.length) break;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    // Each released image once; the third, not released, in none.
    expect(ids).toEqual(wanted);
  });

  it('sends a test event at once, and logs a failed try with its next try a minute later', async () => {
    const { webhook, secret } = await created(['job.paid']);
    const test = await api(`${hooksPath()}/${webhook.id}/test`, { method: 'POST', token: owner.token });
    expect(test.status, test.text).toBe(201);
    const { eventId } = testWebhookResponseSchema.parse(test.json);
    const request = await receiver.next((r) => r.payload.id === eventId);
    expect(request.payload.type).toBe('webhook.test');
    expect(signatureValid(secret, request.headers['studio-signature'], request.body)).toBe(true);
    const [ok] = await eventuallyLogged(webhook.id, eventId);
    expect(ok).toMatchObject({ event: 'webhook.test', ok: true, status: 200 });

    receiver.answer(500);
    try {
      const failing = await api(`${hooksPath()}/${webhook.id}/test`, { method: 'POST', token: owner.token });
      const failedId = testWebhookResponseSchema.parse(failing.json).eventId;
      const [failed] = await eventuallyLogged(webhook.id, failedId);
      expect(failed).toMatchObject({ ok: false, status: 500, attempt: 1, response: 'receiver failed' });
      expect(Date.parse(failed!.nextAttemptAt!) - Date.parse(failed!.at)).toBe(60_000);
      const hook = listWebhooksResponseSchema
        .parse((await api(hooksPath(), { token: owner.token })).json)
        .webhooks.find((w) => w.id === webhook.id)!;
      expect(hook.failingSince).toBe(failed!.at);
      // Newest first.
      const log = await deliveries(webhook.id);
      expect(log[0]!.eventId).toBe(failedId);
    } finally {
      receiver.answer(200);
      await api(`${hooksPath()}/${webhook.id}`, { method: 'DELETE', token: owner.token });
    }
  });
});
