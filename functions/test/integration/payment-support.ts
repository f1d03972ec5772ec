/**
 * Helpers of the tests of issue 32's job and payment half: the studio's settings, jobs and their
 * timeline, the Stripe emulator (its pages, its events, and the official SDK pointed at it, as
 * staff would use Stripe's Dashboard), and the e-mails about a job.
 */
import Stripe from 'stripe';
import { expect, inject } from 'vitest';
import { jobResponseSchema, type Job } from '@studio/shared/job';
import { jobTimelineResponseSchema } from '@studio/shared/job-lifecycle';
import { checkoutResponseSchema } from '@studio/shared/payment';
import { studioSettingsResponseSchema } from '@studio/shared/studio-settings';
import { sesEmails, type SentEmail } from './notification-support.ts';
import { newJob, put } from './staff-support.ts';
import { api, signedInIdentities } from './support.ts';
import { freshClient } from './test-clients.ts';

/** The studio's details as payments.test.ts saves them; only the release setting differs here. */
export const studioDetails = {
  legalName: 'Retouch Studio Invoices Ltd',
  address: '12 Harbour Street\nBristol BS1 4RN',
  taxId: 'GB 123 4567 89',
  bankDetails: 'Retouch Studio Ltd\nIBAN GB29 NWBK 6016 1331 9268 19\nBIC NWBKGB2L',
  vatRatePercent: 20,
  releaseFilesBeforePayment: false,
  freeRevisionRounds: 2,
  autoApprovalDays: 7,
};

export async function saveSettings(releaseFilesBeforePayment: boolean) {
  const { SUPER_ADMIN } = await signedInIdentities();
  const saved = await put('/api/settings', { ...studioDetails, releaseFilesBeforePayment }, SUPER_ADMIN.token);
  expect(saved.status, saved.text).toBe(200);
}

/**
 * Saves the studio's bank details, keeping every other setting; answers the details saved before,
 * to put them back. An empty string removes them: no bank transfer is then offered (#40).
 */
export async function saveBankDetails(bankDetails: string): Promise<string> {
  const { SUPER_ADMIN } = await signedInIdentities();
  const read = await api('/api/settings', { token: SUPER_ADMIN.token });
  expect(read.status, read.text).toBe(200);
  const { updatedAt: _updatedAt, ...fields } = studioSettingsResponseSchema.parse(read.json).settings;
  const saved = await put('/api/settings', { ...fields, bankDetails }, SUPER_ADMIN.token);
  expect(saved.status, saved.text).toBe(200);
  return fields.bankDetails;
}

export const jobOf = (response: { status: number; text: string; json: unknown }): Job => {
  expect(response.status, response.text).toBeLessThan(300);
  return jobResponseSchema.parse(response.json).job;
};
export const readJob = async (id: string, token: string | undefined) => jobOf(await api(`/api/jobs/${id}`, { token }));

export async function timeline(id: string, token: string | undefined) {
  const response = await api(`/api/jobs/${id}/timeline`, { token });
  expect(response.status, response.text).toBe(200);
  return jobTimelineResponseSchema.parse(response.json).timeline;
}

/** The official SDK, pointed at the emulator: what the studio's staff would do in Stripe's Dashboard. */
export function stripeDashboard(): Stripe {
  const url = new URL(inject('stripeEmulatorUrl'));
  return new Stripe(inject('stripeSecretKey'), {
    protocol: 'http',
    host: url.hostname,
    port: Number(url.port),
    telemetry: false,
    maxNetworkRetries: 0,
  });
}

export async function checkout(jobId: string, token: string) {
  const response = await api(`/api/jobs/${jobId}/checkout`, { method: 'POST', token });
  expect(response.status, response.text).toBe(200);
  return checkoutResponseSchema.parse(response.json);
}

/** The emulator's Pay button; `hold`: Stripe's event is made but not sent yet (a late webhook). */
export function pressPay(url: string, hold = false) {
  return fetch(`${url}/pay${hold ? '?webhook=hold' : ''}`, { method: 'POST', redirect: 'manual' });
}

export interface EmulatorEvent {
  id: string;
  type: string;
  payload: string;
  signature: string;
  status: number;
  held?: boolean;
}

export async function emulatorEvents(): Promise<EmulatorEvent[]> {
  return (await (await fetch(`${inject('stripeEmulatorUrl')}/_emulator/events`)).json()) as EmulatorEvent[];
}

/** Delivers an event the emulator made, byte for byte, as Stripe would deliver it late. */
export function deliver(event: EmulatorEvent) {
  return api('/api/payments/stripe-webhook', {
    method: 'POST',
    body: event.payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature },
  });
}

export async function heldCompletion(sessionId: string): Promise<EmulatorEvent> {
  const held = (await emulatorEvents()).find(
    (e) => e.type === 'checkout.session.completed' && e.held && e.payload.includes(sessionId),
  );
  expect(held, 'the held checkout.session.completed').toBeDefined();
  return held!;
}

/** The refunds Stripe made on a payment intent, from its `charge.refunded` events. */
export async function refundedAtStripe(paymentIntentId: string) {
  const events = (await emulatorEvents()).filter(
    (e) => e.type === 'charge.refunded' && e.payload.includes(`"payment_intent": "${paymentIntentId}"`),
  );
  const totals = events.map(
    (e) => (JSON.parse(e.payload) as { data: { object: { amount_refunded: number } } }).data.object.amount_refunded,
  );
  return { count: events.length, total: Math.max(0, ...totals) };
}

export function paymentIntentOf(event: EmulatorEvent): string {
  return (JSON.parse(event.payload) as { data: { object: { payment_intent: string } } }).data.object.payment_intent;
}

/** A job of a fresh client, assigned to the seeded editor. */
export async function assignedJob() {
  const { EDITOR, MANAGER } = await signedInIdentities();
  const client = await freshClient();
  const job = await newJob(client.token);
  expect((await put(`/api/jobs/${job.id}/assign`, { editorId: EDITOR.userId }, MANAGER.token)).status).toBe(200);
  return { client, job };
}

export async function emailsAbout(job: Job): Promise<SentEmail[]> {
  const mentioned = new RegExp(`${job.jobNumber!}(?![0-9])`);
  return (await sesEmails()).filter((e) => mentioned.test(e.subject) || mentioned.test(e.text));
}
