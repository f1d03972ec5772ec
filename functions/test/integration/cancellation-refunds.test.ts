/**
 * #40, item 4: what a cancellation does with the money. Accepting a card-paid job's cancellation
 * refunds it through Stripe at once (the emulator, its `charge.refunded` event back through the
 * signed webhook); each refund Stripe confirms gets a numbered credit note (read back as PDF text)
 * and the client an e-mail naming it; a transfer-paid job is left for the studio to pay back; a job
 * cancelled before it was paid has no invoice.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { creditNoteDocumentResponseSchema, creditNotesResponseSchema } from '@studio/shared/credit-note';
import { decideCancellationResponseSchema } from '@studio/shared/job-lifecycle';
import { formatCents } from '@studio/shared/money';
import { pdfText } from '../../../scripts/test-setup/pdf-text.ts';
import { useHandlerEnv } from './handler-env.ts';
import { markPaid } from './job-files-support.ts';
import { settledOutbox } from './notification-support.ts';
import {
  checkout,
  emailsAbout,
  pressPay,
  readJob,
  refundedAtStripe,
  emulatorEvents,
  paymentIntentOf,
  timeline,
} from './payment-support.ts';
import { newJob, put } from './staff-support.ts';
import { api, expectEnvelope, signedInIdentities, type Identity, type Role } from './support.ts';
import { freshClient, jsonInit } from './test-clients.ts';

useHandlerEnv();
const { documentClient } = await import('../../src/lib/dynamo.ts');

let ids: Record<Role, Identity>;

beforeAll(async () => {
  ids = await signedInIdentities();
});

/** A job of a fresh client, paid by card at the emulator; with the payment intent Stripe made. */
async function cardPaidJob() {
  const client = await freshClient();
  const job = await newJob(client.token);
  const started = await checkout(job.id, client.token);
  expect((await pressPay(started.url)).status).toBe(303);
  await expect
    .poll(async () => (await readJob(job.id, client.token)).payment?.status, { timeout: 20_000 })
    .toBe('PAID');
  const completion = (await emulatorEvents()).find(
    (e) => e.type === 'checkout.session.completed' && e.payload.includes(started.sessionId),
  )!;
  return { client, job, paymentIntentId: paymentIntentOf(completion) };
}

async function askToCancel(jobId: string, token: string) {
  const asked = await api(
    `/api/jobs/${jobId}/cancellation-request`,
    jsonInit('POST', { reason: 'Ordered twice' }, token),
  );
  expect(asked.status, asked.text).toBe(201);
}

async function creditNotes(jobId: string, token: string | undefined) {
  const response = await api(`/api/jobs/${jobId}/credit-notes`, { token });
  expect(response.status, response.text).toBe(200);
  return creditNotesResponseSchema.parse(response.json).creditNotes;
}

async function creditNotePdf(jobId: string, number: string, token: string | undefined) {
  const response = await api(`/api/jobs/${jobId}/credit-notes/${number}`, { token });
  expect(response.status, response.text).toBe(200);
  const document = creditNoteDocumentResponseSchema.parse(response.json);
  expect(document.fileName).toBe(`credit-note-${number}.pdf`);
  const file = await fetch(document.url);
  expect(file.status).toBe(200);
  return pdfText(new Uint8Array(await file.arrayBuffer()));
}

describe('accepting the cancellation of a paid job', () => {
  it('refunds a card payment in full through Stripe; the refund gets a numbered credit note and the client an e-mail', async () => {
    const { client, job, paymentIntentId } = await cardPaidJob();
    await askToCancel(job.id, client.token);

    const decided = await put(`/api/jobs/${job.id}/cancellation-request`, { decision: 'ACCEPTED' }, ids.MANAGER.token);
    expect(decided.status, decided.text).toBe(200);
    const answer = decideCancellationResponseSchema.parse(decided.json);
    expect(answer.job.status).toBe('CANCELLED');
    expect(answer.refund).toMatchObject({ status: 'requested', amountCents: job.totalCents });
    expect(answer.refund!.message).toContain(formatCents(job.totalCents, job.currency));

    // Stripe made one refund of the whole payment; its event records it on the job.
    await expect
      .poll(() => refundedAtStripe(paymentIntentId), { timeout: 20_000 })
      .toEqual({
        count: 1,
        total: job.totalCents,
      });
    await expect
      .poll(async () => (await readJob(job.id, client.token)).payment?.status, { timeout: 20_000 })
      .toBe('REFUNDED');
    const actions = (await timeline(job.id, client.token)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['refund-requested', 'refunded']));

    // One credit note, in its own sequence, naming the invoice it corrects.
    const notes = await creditNotes(job.id, client.token);
    expect(notes).toHaveLength(1);
    const [note] = notes;
    expect(note).toMatchObject({
      invoiceNumber: job.invoiceNumber,
      amountCents: job.totalCents,
      currency: job.currency,
    });
    expect(note!.number).toMatch(/^CN-\d{4}-\d{4,}$/);
    expect(await creditNotes(job.id, ids.MANAGER.token)).toEqual(notes);
    const text = await creditNotePdf(job.id, note!.number, client.token);
    for (const expected of ['CREDIT NOTE', note!.number, job.invoiceNumber!, job.jobNumber!, 'Total credited']) {
      expect(text).toContain(expected);
    }
    expect(text).toContain(`-${formatCents(job.totalCents, job.currency)}`);

    // The client is told the refund was made, with the note's number (created, paid, cancellation
    // asked and decided, refunded: five e-mail events).
    await settledOutbox(documentClient, job.id, 5);
    const refundMails = (await emailsAbout(job)).filter((e) => e.subject === `Job ${job.jobNumber}: refund made`);
    expect(refundMails.map((e) => e.to)).toEqual([[client.email]]);
    expect(refundMails[0]!.text).toContain(note!.number);
    const cancelledMail = (await emailsAbout(job)).find((e) => e.subject === `Job ${job.jobNumber}: cancelled`);
    expect(cancelledMail?.text).toMatch(/being refunded to your card/);
  });

  it('leaves a payment by transfer for the studio to send back, and says so', async () => {
    const client = await freshClient();
    const job = await newJob(client.token);
    await markPaid(ids.MANAGER.token, job);
    await askToCancel(job.id, client.token);
    const decided = await put(`/api/jobs/${job.id}/cancellation-request`, { decision: 'ACCEPTED' }, ids.MANAGER.token);
    expect(decided.status, decided.text).toBe(200);
    const answer = decideCancellationResponseSchema.parse(decided.json);
    expect(answer.refund).toMatchObject({ status: 'by-transfer', amountCents: job.totalCents });
    expect(answer.refund!.message).toMatch(/by transfer/);
    expect(answer.job.payment?.status).toBe('PAID');
    expect(await creditNotes(job.id, client.token)).toEqual([]);
  });

  it('a declined request moves no money', async () => {
    const { client, job } = await cardPaidJob();
    await askToCancel(job.id, client.token);
    const decided = await put(`/api/jobs/${job.id}/cancellation-request`, { decision: 'DECLINED' }, ids.MANAGER.token);
    expect(decideCancellationResponseSchema.parse(decided.json)).toMatchObject({ refund: null });
    expect((await readJob(job.id, client.token)).payment?.status).toBe('PAID');
  });
});

describe('credit notes', () => {
  it('one per refund, numbered in order; only the job’s client and the managers read them', async () => {
    const { client, job } = await cardPaidJob();
    const part = Math.floor(job.totalCents / 3);
    const refund = (amountCents?: number) =>
      api(
        `/api/jobs/${job.id}/refund`,
        jsonInit(
          'POST',
          { ...(amountCents ? { amountCents } : {}), reason: 'Two photos missing' },
          ids.SUPER_ADMIN.token,
        ),
      );
    expect((await refund(part)).status).toBe(200);
    await expect.poll(async () => (await creditNotes(job.id, client.token)).length, { timeout: 20_000 }).toBe(1);
    expect((await refund()).status).toBe(200);
    await expect.poll(async () => (await creditNotes(job.id, client.token)).length, { timeout: 20_000 }).toBe(2);

    const [first, second] = await creditNotes(job.id, client.token);
    expect(first!.amountCents + second!.amountCents).toBe(job.totalCents);
    expect(first!.amountCents).toBe(part);
    const sequence = (number: string) => Number(number.split('-')[2]);
    expect(sequence(second!.number)).toBeGreaterThan(sequence(first!.number));
    const text = await creditNotePdf(job.id, second!.number, ids.SUPER_ADMIN.token);
    expect(text).toContain(formatCents(job.totalCents - part, job.currency));

    // Another client and an editor: the job's 404 and the route's 403; an unknown number: 404.
    const other = await freshClient();
    expectEnvelope((await api(`/api/jobs/${job.id}/credit-notes`, { token: other.token })).json, 404);
    expectEnvelope((await api(`/api/jobs/${job.id}/credit-notes/${first!.number}`, { token: other.token })).json, 404);
    expectEnvelope((await api(`/api/jobs/${job.id}/credit-notes`, { token: ids.EDITOR.token })).json, 403);
    expectEnvelope((await api(`/api/jobs/${job.id}/credit-notes/CN-1999-0001`, { token: client.token })).json, 404);
    expectEnvelope((await api(`/api/jobs/${job.id}/credit-notes/not-a-number`, { token: client.token })).json, 400);
  });
});

describe('a job cancelled before it was paid', () => {
  it('has no invoice: nothing is owed', async () => {
    const client = await freshClient();
    const job = await newJob(client.token);
    expect((await api(`/api/jobs/${job.id}/invoice`, { token: client.token })).status).toBe(200);
    const cancelled = await api(`/api/jobs/${job.id}/cancel`, { method: 'POST', token: client.token });
    expect(cancelled.status, cancelled.text).toBe(200);
    const invoice = await api(`/api/jobs/${job.id}/invoice`, { token: client.token });
    expect(expectEnvelope(invoice.json, 409).message).toMatch(/cancelled before it was paid/);
  });
});
