/**
 * A job that can no longer be paid never becomes PAID (#32), through the real routes, the Stripe
 * emulator (its page, its events, the official SDK) and the notifier: cancelling a job (three
 * ways) or marking it paid by transfer expires its open Checkout Session; a session paid anyway,
 * its event arriving late, is refunded through Stripe, recorded, and told to the client and the
 * managers.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useHandlerEnv } from './handler-env.ts';
import { markPaid } from './job-files-support.ts';
import { settledOutbox } from './notification-support.ts';
import {
  assignedJob,
  checkout,
  deliver,
  emailsAbout,
  heldCompletion,
  jobOf,
  paymentIntentOf,
  pressPay,
  readJob,
  refundedAtStripe,
  stripeDashboard,
  timeline,
} from './payment-support.ts';
import { newJob, put } from './staff-support.ts';
import { api, signedInIdentities, type Identity, type Role } from './support.ts';
import { freshClient, jsonInit } from './test-clients.ts';

useHandlerEnv();
const { documentClient } = await import('../../src/lib/dynamo.ts');

let ids: Record<Role, Identity>;

beforeAll(async () => {
  ids = await signedInIdentities();
});

describe('a job that can no longer be paid never becomes PAID (must fix 2)', () => {
  const sessionStatus = async (sessionId: string) =>
    (await stripeDashboard().checkout.sessions.retrieve(sessionId)).status;

  it.each([
    ['the client cancels', 'client'],
    ['a manager cancels', 'manager'],
    ['a manager accepts the client’s cancellation request', 'request'],
  ] as const)('%s: the open Checkout Session is expired at Stripe and cannot be paid', async (_, how) => {
    const { client, job } =
      how === 'request'
        ? await assignedJob()
        : await (async () => {
            const owner = await freshClient();
            return { client: owner, job: await newJob(owner.token) };
          })();
    const started = await checkout(job.id, client.token);
    expect(await sessionStatus(started.sessionId)).toBe('open');

    if (how === 'client') {
      expect(jobOf(await api(`/api/jobs/${job.id}/cancel`, { method: 'POST', token: client.token })).status).toBe(
        'CANCELLED',
      );
    } else if (how === 'manager') {
      expect(jobOf(await put(`/api/jobs/${job.id}`, { status: 'CANCELLED' }, ids.MANAGER.token)).status).toBe(
        'CANCELLED',
      );
    } else {
      const asked = await api(`/api/jobs/${job.id}/cancellation-request`, jsonInit('POST', {}, client.token));
      expect(asked.status, asked.text).toBe(201);
      const accepted = await put(
        `/api/jobs/${job.id}/cancellation-request`,
        { decision: 'ACCEPTED' },
        ids.MANAGER.token,
      );
      expect(jobOf(accepted).status).toBe('CANCELLED');
    }

    expect(await sessionStatus(started.sessionId)).toBe('expired');
    // The provider's page no longer takes the payment.
    const paid = await pressPay(started.url);
    expect(paid.status).toBe(409);
    expect(await paid.text()).toContain('This checkout has ended (expired)');
    // Stripe's checkout.session.expired records the checkout's end; the job is never PAID.
    await expect
      .poll(async () => (await readJob(job.id, client.token)).payment?.status, { timeout: 20_000 })
      .toBe('FAILED');
    const after = await readJob(job.id, client.token);
    expect(after.status).toBe('CANCELLED');
    expect(after.payment?.paidAt).toBeNull();
    expect((await timeline(job.id, client.token)).map((e) => e.action)).not.toContain('paid');
  });

  it('a session paid before the cancel, its event arriving after: recorded, refunded through Stripe, both sides told, never PAID', async () => {
    const client = await freshClient();
    const job = await newJob(client.token);
    const started = await checkout(job.id, client.token);
    // The client pays at Stripe; Stripe's event is late.
    expect((await pressPay(started.url, true)).status).toBe(303);
    const cancelled = jobOf(await api(`/api/jobs/${job.id}/cancel`, { method: 'POST', token: client.token }));
    expect(cancelled.status).toBe('CANCELLED');
    const completion = await heldCompletion(started.sessionId);
    const paymentIntentId = paymentIntentOf(completion);

    const applied = await deliver(completion);
    expect(applied.status, applied.text).toBe(200);
    expect(applied.json).toMatchObject({ outcome: 'applied' });
    const after = await readJob(job.id, client.token);
    expect(after.status).toBe('CANCELLED');
    expect(after.payment?.status).not.toBe('PAID');
    expect(after.payment?.paidAt).toBeNull();
    const returned = (await timeline(job.id, client.token)).at(-1)!;
    expect(returned).toMatchObject({
      kind: 'payment',
      action: 'returned',
      actor: { kind: 'provider', id: completion.id },
    });
    expect(returned.summary).toMatch(/for a job that was cancelled: not accepted, refunded in full/);
    // The whole payment went back through Stripe, once.
    await expect
      .poll(() => refundedAtStripe(paymentIntentId), { timeout: 10_000 })
      .toEqual({
        count: 1,
        total: job.totalCents,
      });

    // Stripe resends the event: nothing more.
    const again = await deliver(completion);
    expect(again.json).toMatchObject({ outcome: 'ignored' });
    expect(await refundedAtStripe(paymentIntentId)).toEqual({ count: 1, total: job.totalCents });
    expect((await timeline(job.id, client.token)).filter((e) => e.action === 'returned')).toHaveLength(1);

    // The client and the managers are told; nobody gets a receipt. Three outbox items: since #36 the
    // client's own cancellation has one too (job.cancelled, for the organisation's webhooks).
    await settledOutbox(documentClient, job.id, 3);
    const emails = await emailsAbout(job);
    expect(
      emails.filter((e) => e.subject === `Job ${job.jobNumber}: your payment is refunded`).map((e) => e.to),
    ).toEqual([[client.email]]);
    const notices = emails.filter((e) => e.subject === `Job ${job.jobNumber}: payment refunded`);
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.flatMap((e) => e.to)).toContain(inject('accounts').find((a) => a.role === 'MANAGER')!.email);
    expect(emails.some((e) => /payment received|: paid$/.test(e.subject))).toBe(false);
  });

  it('marking a job paid by transfer expires its open session; one paid anyway is refunded and the job stays paid by the transfer', async () => {
    const client = await freshClient();
    const first = await newJob(client.token);
    const open = await checkout(first.id, client.token);
    await markPaid(ids.MANAGER.token, first);
    expect((await stripeDashboard().checkout.sessions.retrieve(open.sessionId)).status).toBe('expired');
    expect((await pressPay(open.url)).status).toBe(409);

    // Paid at Stripe just before the transfer was marked, the event late: returned, a second charge no longer.
    const job = await newJob(client.token);
    const started = await checkout(job.id, client.token);
    expect((await pressPay(started.url, true)).status).toBe(303);
    await markPaid(ids.MANAGER.token, job);
    const completion = await heldCompletion(started.sessionId);
    expect((await deliver(completion)).json).toMatchObject({ outcome: 'applied' });
    const after = await readJob(job.id, ids.MANAGER.token);
    expect(after.payment).toMatchObject({ status: 'PAID', provider: 'manual', reference: 'Test transfer' });
    expect((await timeline(job.id, ids.MANAGER.token)).at(-1)).toMatchObject({ action: 'returned' });
    await expect
      .poll(() => refundedAtStripe(paymentIntentOf(completion)), { timeout: 10_000 })
      .toEqual({ count: 1, total: job.totalCents });
    await settledOutbox(documentClient, job.id, 3);
    const told = (await emailsAbout(job)).filter((e) => e.subject === `Job ${job.jobNumber}: your payment is refunded`);
    expect(told.map((e) => e.to)).toEqual([[client.email]]);
    expect(told[0]!.text).toContain('after it had been paid already');
  });
});
