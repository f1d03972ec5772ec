/**
 * Webhook retries over a day and the webhook turned off after 3 days (#36), on a stack of its own
 * whose clock the test moves forward instead of waiting (scripts/local/clock.ts): a receiver that
 * answers 500 gets the event again on the backoff schedule until it answers 200, every try in the
 * deliveries log; a receiver that never answers 2xx gets ten tries within 24 hours, then the
 * delivery is in the dead-letter queue; a failure more than 3 days into a failing streak turns the
 * webhook off and e-mails the organisation's OWNER, and the OWNER turns it on again.
 */
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationResponseSchema } from '@studio/shared/organisation';
import {
  createdWebhookResponseSchema,
  listWebhooksResponseSchema,
  testWebhookResponseSchema,
  webhookDeliveriesResponseSchema,
  webhookResponseSchema,
  type WebhookDelivery,
} from '@studio/shared/webhooks';
import { readMailbox } from '../../../scripts/local/mailbox.ts';
import { signatureValid, startReceiver, type Receiver } from '../integration/webhook-receiver.ts';
import { jsonInit, startOwnStack, type OwnStack } from './own-stack.ts';

let own: OwnStack;
let receiver: Receiver;
let owner: { email: string; token: string };
let organisationId: string;

const hooksPath = () => `/api/organisations/${organisationId}/webhooks`;

beforeAll(async () => {
  own = await startOwnStack({ persist: false });
  receiver = await startReceiver();
  const account = await own.newClient();
  const auth = await own.cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: own.stack.pool.siteClientId,
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
    }),
  );
  owner = { email: account.email, token: auth.AuthenticationResult!.AccessToken! };
  const org = await own.call('/api/organisations', jsonInit('POST', { name: 'Retry Brands' }, owner.token));
  expect(org.status, org.text).toBe(201);
  organisationId = organisationResponseSchema.parse(org.json).organisation.id;
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await own?.stop();
});

async function newWebhook() {
  const answer = await own.call(
    hooksPath(),
    jsonInit('POST', { url: receiver.url, events: ['job.paid'] }, owner.token),
  );
  expect(answer.status, answer.text).toBe(201);
  return createdWebhookResponseSchema.parse(answer.json);
}

async function sendTest(hookId: string): Promise<string> {
  const answer = await own.call(`${hooksPath()}/${hookId}/test`, { method: 'POST', token: owner.token });
  expect(answer.status, answer.text).toBe(201);
  return testWebhookResponseSchema.parse(answer.json).eventId;
}

/**
 * The event's tries in the log, newest first, once there are `count` of them and the worker that
 * logged the last one has finished: it queues the next try after logging this one, with a delay
 * counted from the clock as it then stands, so a test that moved the clock before that would see
 * the next try only after a second delay.
 */
async function tries(hookId: string, eventId: string, count: number): Promise<WebhookDelivery[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await own.call(`${hooksPath()}/${hookId}/deliveries`, { token: owner.token });
    expect(answer.status, answer.text).toBe(200);
    const logged = webhookDeliveriesResponseSchema.parse(answer.json).deliveries.filter((d) => d.eventId === eventId);
    if (logged.length >= count) {
      await own.stack.webhookQueue.idle();
      return logged;
    }
    if (Date.now() > deadline) throw new Error(`only ${logged.length} of ${count} tries of ${eventId} logged`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function webhookNow(hookId: string) {
  const answer = await own.call(hooksPath(), { token: owner.token });
  return listWebhooksResponseSchema.parse(answer.json).webhooks.find((w) => w.id === hookId)!;
}

describe('webhook retries', () => {
  it('tries again on the backoff schedule until the receiver answers 200, every try logged', async () => {
    const { webhook, secret } = await newWebhook();
    receiver.answer(500);
    const eventId = await sendTest(webhook.id);
    let log = await tries(webhook.id, eventId, 1);
    for (let attempt = 2; attempt <= 4; attempt++) {
      if (attempt === 4) receiver.answer(200);
      own.stack.clock.advanceTo(Date.parse(log[0]!.nextAttemptAt!));
      log = await tries(webhook.id, eventId, attempt);
    }
    expect(log.map((d) => [d.attempt, d.ok, d.status])).toEqual([
      [4, true, 200],
      [3, false, 500],
      [2, false, 500],
      [1, false, 500],
    ]);
    // 1 min, 5 min, 15 min between the tries.
    const gaps = [...log].reverse().map((d, i, all) => (i === 0 ? 0 : Date.parse(d.at) - Date.parse(all[i - 1]!.at)));
    expect(gaps.slice(1).map((ms) => Math.round(ms / 60_000))).toEqual([1, 5, 15]);
    expect(log[0]!.nextAttemptAt).toBeNull();
    const requests = receiver.received.filter((r) => r.payload.id === eventId);
    expect(requests).toHaveLength(4);
    for (const request of requests) {
      expect(request.headers['studio-event-id']).toBe(eventId);
      expect(signatureValid(secret, request.headers['studio-signature'], request.body)).toBe(true);
    }
    const after = await webhookNow(webhook.id);
    expect(after.failingSince).toBeNull();
    expect(after.lastDeliveryAt).toBe(log[0]!.at);
  });

  it('gives up after the last try within 24 hours and keeps the delivery in the dead-letter queue; turns the webhook off 3 days into its failures and e-mails the OWNER', async () => {
    const { webhook } = await newWebhook();
    receiver.answer(503);
    const eventId = await sendTest(webhook.id);
    let log = await tries(webhook.id, eventId, 1);
    const firstAt = Date.parse(log[0]!.at);
    while (log[0]!.nextAttemptAt !== null) {
      own.stack.clock.advanceTo(Date.parse(log[0]!.nextAttemptAt));
      log = await tries(webhook.id, eventId, log.length + 1);
    }
    expect(log).toHaveLength(10);
    expect(log.every((d) => !d.ok && d.status === 503)).toBe(true);
    expect(Date.parse(log[0]!.at) - firstAt).toBeLessThanOrEqual(24 * 3_600_000);
    await expect
      .poll(() => own.stack.webhookQueue.deadLetters().filter((letter) => letter.body.includes(eventId)).length)
      .toBe(1);
    // Nothing more is tried, however long one waits.
    own.stack.clock.advance(24 * 3_600_000);
    await own.stack.webhookQueue.idle();
    expect(receiver.received.filter((r) => r.payload.id === eventId)).toHaveLength(10);
    expect((await webhookNow(webhook.id)).enabled).toBe(true);

    // Failing since the first try; a failure more than 3 days after it turns the webhook off.
    expect((await webhookNow(webhook.id)).failingSince).toBe(new Date(firstAt).toISOString());
    own.stack.clock.advanceTo(firstAt + 3 * 86_400_000 + 60_000);
    const late = await sendTest(webhook.id);
    await tries(webhook.id, late, 1);
    const off = await webhookNow(webhook.id);
    expect(off.enabled).toBe(false);
    expect(off.disabledReason).toContain('more than 3 days');
    const deadline = Date.now() + 30_000;
    let mail;
    while (!mail && Date.now() < deadline) {
      mail = (await readMailbox(own.stack.mailboxDir)).find(
        (m) => m.to === owner.email && m.subject === 'A webhook of your organisation was turned off',
      );
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 150));
    }
    // The e-mail names the URL made inert (no link a mail client would follow): its port and path.
    expect(mail?.text).toContain(`:${new URL(receiver.url).port}/hooks/studio`);
    expect(mail?.text).toContain(
      `Failing since: ${new Date(firstAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    );

    // Turned off, it hears no events; the OWNER turns it on again and its failing streak starts afresh.
    const on = await own.call(`${hooksPath()}/${webhook.id}`, jsonInit('PUT', { enabled: true }, owner.token));
    expect(on.status, on.text).toBe(200);
    expect(webhookResponseSchema.parse(on.json).webhook).toMatchObject({
      enabled: true,
      disabledReason: null,
      failingSince: null,
    });
    receiver.answer(200);
  });
});
