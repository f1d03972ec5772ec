/**
 * The local Stripe emulator speaks as Stripe does: the official SDK creates and retrieves a
 * Checkout Session against it (its host/port/protocol settings), and the SDK's own webhook
 * verification accepts the emulator's signatures.
 */
import http from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseForm, signatureHeader, startStripeEmulator, type StripeEmulator } from '../local/stripe-emulator.ts';

const secretKey = 'sk_test_emulator';
const webhookSecret = 'whsec_emulator';
let emulator: StripeEmulator;
let stripe: Stripe;
const received: { body: string; signature: string }[] = [];
let webhook: http.Server;

beforeAll(async () => {
  emulator = await startStripeEmulator({ secretKey, webhookSecret });
  const url = new URL(emulator.url);
  stripe = new Stripe(secretKey, { host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
  webhook = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['stripe-signature']),
      });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  emulator.setWebhookUrl(`http://127.0.0.1:${(webhook.address() as { port: number }).port}/hook`);
});

afterAll(async () => {
  await emulator.stop();
  await new Promise((resolve) => webhook.close(resolve));
});

describe('the Stripe emulator', () => {
  it('reads form bodies the way Stripe SDKs write them', () => {
    expect(
      parseForm('a=1&line_items[0][price_data][unit_amount]=45&line_items[1][quantity]=2&metadata[jobId]=J'),
    ).toEqual({
      a: '1',
      line_items: [{ price_data: { unit_amount: '45' } }, { quantity: '2' }],
      metadata: { jobId: 'J' },
    });
  });

  it('signs so that stripe.webhooks.constructEvent accepts it, and only with the right secret and bytes', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'ping', data: { object: {} } }, null, 2);
    const header = signatureHeader(payload, webhookSecret);
    expect(stripe.webhooks.constructEvent(payload, header, webhookSecret).id).toBe('evt_1');
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow();
    expect(() => stripe.webhooks.constructEvent(`${payload} `, header, webhookSecret)).toThrow();
    const old = signatureHeader(payload, webhookSecret, Math.floor(Date.now() / 1000) - 301);
    expect(() => stripe.webhooks.constructEvent(payload, old, webhookSecret)).toThrow(/tolerance/);
  });

  it('serves the official SDK: sessions created, replayed by idempotency key, retrieved, paid with a signed event', async () => {
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'payment',
      line_items: [
        { quantity: 3, price_data: { currency: 'eur', unit_amount: 45, product_data: { name: 'Clipping' } } },
      ],
      metadata: { jobId: 'J1' },
      success_url: 'http://127.0.0.1/ok?s={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://127.0.0.1/no',
    };
    const session = await stripe.checkout.sessions.create(params, { idempotencyKey: 'k-1' });
    expect(session).toMatchObject({ amount_total: 135, currency: 'eur', status: 'open', payment_status: 'unpaid' });
    expect((await stripe.checkout.sessions.create(params, { idempotencyKey: 'k-1' })).id).toBe(session.id);
    await expect(
      stripe.checkout.sessions.create({ ...params, metadata: { jobId: 'J2' } }, { idempotencyKey: 'k-1' }),
    ).rejects.toThrow(/idempotent/);
    expect((await stripe.checkout.sessions.retrieve(session.id)).url).toBe(session.url);
    await expect(
      new Stripe('sk_test_wrong', {
        host: '127.0.0.1',
        port: new URL(emulator.url).port,
        protocol: 'http',
      }).checkout.sessions.retrieve(session.id),
    ).rejects.toThrow(/API Key/);

    const paid = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.headers.get('location')).toBe(`http://127.0.0.1/ok?s=${session.id}`);
    const delivered = received.at(-1)!;
    const event = stripe.webhooks.constructEvent(delivered.body, delivered.signature, webhookSecret);
    expect(event.type).toBe('checkout.session.completed');
    const completed = event.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({ id: session.id, payment_status: 'paid', amount_total: 135 });

    const refund = await stripe.refunds.create({ payment_intent: completed.payment_intent as string, amount: 35 });
    expect(refund).toMatchObject({ amount: 35, status: 'succeeded' });
    await expect(
      stripe.refunds.create({ payment_intent: completed.payment_intent as string, amount: 101 }),
    ).rejects.toThrow();
  });
});
