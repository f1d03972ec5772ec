/**
 * Refunds of one job (#32), through the real route and the Stripe emulator: asked at the same
 * moment they are taken one at a time and never pass what was paid, Stripe's refusal is a 409 with
 * its reason, and every refund made is in the job's history.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { refundResponseSchema } from '@studio/shared/payment';
import {
  checkout,
  deliver,
  emulatorEvents,
  pressPay,
  readJob,
  refundedAtStripe,
  stripeDashboard,
  timeline,
} from './payment-support.ts';
import { newJob } from './staff-support.ts';
import { api, expectEnvelope, signedInIdentities, type Identity, type Role } from './support.ts';
import { freshClient, jsonInit } from './test-clients.ts';

let ids: Record<Role, Identity>;

beforeAll(async () => {
  ids = await signedInIdentities();
});

describe('refunds (should fix: serialized, the provider’s refusal a 409, every refund in the history)', () => {
  async function paidByCard() {
    const client = await freshClient();
    const job = await newJob(client.token);
    const started = await checkout(job.id, client.token);
    expect((await pressPay(started.url)).status).toBe(303);
    const paid = await readJob(job.id, ids.SUPER_ADMIN.token);
    expect(paid.payment?.status).toBe('PAID');
    return { job: paid, paymentIntentId: paid.payment!.reference! };
  }
  const refund = (jobId: string, body: Record<string, unknown>) =>
    api(`/api/jobs/${jobId}/refund`, jsonInit('POST', body, ids.SUPER_ADMIN.token));

  it('three refunds at once that sum past the payment: two are made, one is refused with what is left; each made one is in the history', async () => {
    const { job, paymentIntentId } = await paidByCard();
    const part = Math.ceil(job.totalCents * 0.4);
    const answers = await Promise.all(
      [1, 2, 3].map((n) => refund(job.id, { amountCents: part, reason: `Parallel refund ${n}` })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 400]);
    const refused = answers.find((a) => a.status === 400)!;
    expect(expectEnvelope(refused.json, 400).details?.issues?.[0]).toMatchObject({ path: 'body.amountCents' });
    const made = answers.filter((a) => a.status === 200).map((a) => refundResponseSchema.parse(a.json).refund);
    expect(new Set(made.map((r) => r.id)).size).toBe(2);
    expect(made.every((r) => r.amountCents === part)).toBe(true);

    await expect
      .poll(() => refundedAtStripe(paymentIntentId), { timeout: 10_000 })
      .toEqual({ count: 2, total: 2 * part });
    await expect
      .poll(async () => (await readJob(job.id, ids.SUPER_ADMIN.token)).payment?.refundedCents, { timeout: 20_000 })
      .toBe(2 * part);
    const entries = await timeline(job.id, ids.SUPER_ADMIN.token);
    expect(entries.filter((e) => e.action === 'refund-requested')).toHaveLength(2);

    // The rest, asked three times at once: one refund of what is left, two 409s.
    const rest = await Promise.all([1, 2, 3].map((n) => refund(job.id, { reason: `The rest ${n}` })));
    expect(rest.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    await expect
      .poll(() => refundedAtStripe(paymentIntentId), { timeout: 10_000 })
      .toEqual({ count: 3, total: job.totalCents });
    await expect
      .poll(async () => (await readJob(job.id, ids.SUPER_ADMIN.token)).payment?.status, { timeout: 20_000 })
      .toBe('REFUNDED');
    expect((await timeline(job.id, ids.SUPER_ADMIN.token)).filter((e) => e.action === 'refund-requested')).toHaveLength(
      3,
    );
  });

  it('a refund Stripe refuses is a 409 with Stripe’s reason, recorded, and leaves the amount free again', async () => {
    const { job, paymentIntentId } = await paidByCard();
    // Staff refund 60 % in Stripe's Dashboard; its event reaches the studio late.
    const dashboard = Math.ceil(job.totalCents * 0.6);
    await stripeDashboard().refunds.create(
      { payment_intent: paymentIntentId, amount: dashboard },
      { headers: { 'Stripe-Emulator-Webhook': 'hold' } },
    );
    const half = Math.ceil(job.totalCents / 2);
    const refused = await refund(job.id, { amountCents: half, reason: 'Half back' });
    const envelope = expectEnvelope(refused.json, 409);
    expect(envelope.message).toMatch(
      /^Stripe refused the refund: Refund amount \(\d+\) is greater than unrefunded amount/,
    );
    const entries = await timeline(job.id, ids.SUPER_ADMIN.token);
    expect(entries.slice(-2).map((e) => e.action)).toEqual(['refund-requested', 'refund-refused']);
    expect(entries.at(-1)!.summary).toContain('Nothing was refunded');

    // What Stripe still holds can be refunded: the refused amount was released.
    const rest = job.totalCents - dashboard;
    const made = await refund(job.id, { amountCents: rest, reason: 'What is left' });
    expect(made.status, made.text).toBe(200);
    const late = (await emulatorEvents()).find(
      (e) => e.type === 'charge.refunded' && e.held && e.payload.includes(paymentIntentId),
    )!;
    expect((await deliver(late)).status).toBe(200);
    await expect
      .poll(async () => (await readJob(job.id, ids.SUPER_ADMIN.token)).payment, { timeout: 20_000 })
      .toMatchObject({ status: 'REFUNDED', refundedCents: job.totalCents });
  });
});
