/**
 * Turnaround and volume pricing, due times (#17) through the real routes and the emulators: the
 * catalogue lists each service's turnarounds and tiers; `POST api/jobs` prices with the shared
 * module and stores its breakdown, refusing a turnaround the service does not offer; Stripe
 * Checkout's lines add up to that total; payment sets the due time; a manager moves it with a
 * reason (a history entry, e-mails to the client and the editor), an editor or a client cannot.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { jobResponseSchema, type Job } from '@studio/shared/job';
import { jobTimelineResponseSchema } from '@studio/shared/job-lifecycle';
import { priceJob, priceLine } from '@studio/shared/job-pricing';
import { invoiceResponseSchema } from '@studio/shared/invoice';
import { formatCents } from '@studio/shared/money';
import { checkoutResponseSchema } from '@studio/shared/payment';
import { pdfText } from '../../../scripts/test-setup/pdf-text.ts';
import { listServicesResponseSchema, type Service } from '@studio/shared/service';
import { serviceWriteResponseSchema } from '@studio/shared/catalog-admin';
import { markPaid } from './job-files-support.ts';
import { eventually, sesEmails } from './notification-support.ts';
import { api, expectEnvelope, signedInIdentities, type Identity, type Role } from './support.ts';
import { freshClient, jsonInit } from './test-clients.ts';
import { useHandlerEnv } from './handler-env.ts';

let identities: Record<Role, Identity>;
let services: Service[];
let service: Service;

beforeAll(async () => {
  identities = await signedInIdentities();
  services = listServicesResponseSchema.parse((await api('/api/services')).json).services;
  service = services.find((s) => s.subServices.length >= 2 && s.turnarounds.some((t) => t.id === 'express'))!;
});

function order(token: string, fields: Record<string, unknown> = {}) {
  return api(
    '/api/jobs',
    jsonInit(
      'POST',
      {
        serviceId: service.id,
        selectedSubServices: service.subServices.slice(0, 2).map((s) => s.id),
        currency: 'USD',
        linkType: 'own',
        dropboxLink: 'https://www.dropbox.com/sh/abc/photos',
        numberOfPhotos: 150,
        turnaroundId: 'express',
        ...fields,
      },
      token,
    ),
  );
}

async function newJob(token: string, fields: Record<string, unknown> = {}): Promise<Job> {
  const response = await order(token, fields);
  expect(response.status, response.text).toBe(201);
  return jobResponseSchema.parse(response.json).job;
}

/**
 * A job whose due time waits for payment. The studio setting that starts the clock at creation
 * may be switched on for a moment by the payments tests running beside these; a job made in that
 * moment is left and another made, for up to 30 s.
 */
async function jobDueFromPayment(token: string): Promise<Job> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const job = await newJob(token);
    if (job.dueAt === null || Date.now() > deadline) return job;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function readJob(id: string, token = identities.MANAGER.token): Promise<Job> {
  const response = await api(`/api/jobs/${id}`, { token });
  expect(response.status, response.text).toBe(200);
  return jobResponseSchema.parse(response.json).job;
}

const hours = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 3_600_000;

describe('turnarounds and volume tiers in the catalogue', () => {
  it('lists every service with its turnarounds (the default first) and its volume tiers', () => {
    expect(services.length).toBeGreaterThan(0);
    for (const s of services) {
      expect(s.turnarounds.length).toBeGreaterThan(0);
      expect(s.turnarounds[0]).toMatchObject({ id: 'standard', multiplier: 1 });
    }
    expect(service.turnarounds.find((t) => t.id === 'express')).toMatchObject({ hours: 24, multiplier: 1.5 });
    expect(service.volumeTiers).toEqual([
      { minPhotos: 1, discountPercent: 0 },
      { minPhotos: 100, discountPercent: 10 },
      { minPhotos: 1000, discountPercent: 20 },
    ]);
  });

  it('a SUPER_ADMIN sets them; a MANAGER cannot; tiers out of order are a 400', async () => {
    const target = services.at(-1)!;
    const path = `/api/services/${target.id}/pricing-rules`;
    const rules = {
      // The seeded three stay as they are (other tests order them), one more is added.
      turnarounds: [...target.turnarounds, { id: 'overnight', name: 'Overnight', hours: 8, multiplier: 2.5 }],
      volumeTiers: target.volumeTiers,
    };
    const denied = await api(path, jsonInit('PUT', rules, identities.MANAGER.token));
    expectEnvelope(denied.json, 403);
    const bad = await api(
      path,
      jsonInit(
        'PUT',
        {
          ...rules,
          volumeTiers: [
            { minPhotos: 100, discountPercent: 10 },
            { minPhotos: 50, discountPercent: 5 },
          ],
        },
        identities.SUPER_ADMIN.token,
      ),
    );
    expect(expectEnvelope(bad.json, 400).details?.issues?.[0]?.path).toBe('body.volumeTiers');
    try {
      const saved = await api(path, jsonInit('PUT', rules, identities.SUPER_ADMIN.token));
      expect(saved.status, saved.text).toBe(200);
      expect(serviceWriteResponseSchema.parse(saved.json).service.turnarounds.map((t) => t.id)).toContain('overnight');
      const listed = listServicesResponseSchema.parse((await api('/api/services')).json).services;
      expect(listed.find((s) => s.id === target.id)!.turnarounds.at(-1)).toEqual(rules.turnarounds.at(-1));
    } finally {
      const restored = await api(
        path,
        jsonInit(
          'PUT',
          { turnarounds: target.turnarounds, volumeTiers: target.volumeTiers },
          identities.SUPER_ADMIN.token,
        ),
      );
      expect(restored.status, restored.text).toBe(200);
    }
  });
});

describe('POST api/jobs with a turnaround', () => {
  it('refuses a turnaround the service does not offer, or a tier sent by the client, with a 400 envelope', async () => {
    const client = await freshClient();
    const unknown = await order(client.token, { turnaroundId: 'teleport' });
    const envelope = expectEnvelope(unknown.json, 400);
    expect(envelope.details?.issues?.[0]?.path).toBe('body.turnaroundId');
    expect(envelope.details?.issues?.[0]?.message).toContain('teleport');
    const malformed = await order(client.token, { turnaroundId: 'Not An Id' });
    expect(expectEnvelope(malformed.json, 400).details?.issues?.[0]?.path).toBe('body.turnaroundId');
    const tier = await order(client.token, { volumeTier: { minPhotos: 1000, discountPercent: 20 } });
    expectEnvelope(tier.json, 400);
  });

  it('stores the breakdown the shared module computes: Express, 150 photos, 10 % off and x1.5', async () => {
    const client = await freshClient();
    const job = await newJob(client.token);
    const express = service.turnarounds.find((t) => t.id === 'express')!;
    const expected = priceJob({
      lines: service.subServices.slice(0, 2).map((s) => priceLine(s, 'USD')!),
      photos: 150,
      currency: 'USD',
      turnaround: express,
      volumeTiers: service.volumeTiers,
    });
    expect(job).toMatchObject({
      subtotalCents: expected.subtotalCents,
      discountCents: expected.discountCents,
      rushSurchargeCents: expected.rushSurchargeCents,
      totalCents: expected.totalCents,
      turnaround: express,
      volumeTier: { minPhotos: 100, discountPercent: 10 },
    });
    expect(job.discountCents).toBeGreaterThan(0);
    expect(job.rushSurchargeCents).toBeGreaterThan(0);
    // Stored, not only answered.
    expect(await readJob(job.id, client.token)).toMatchObject({
      subtotalCents: expected.subtotalCents,
      discountCents: expected.discountCents,
      rushSurchargeCents: expected.rushSurchargeCents,
      totalCents: expected.totalCents,
    });
  });

  it("takes the service's default turnaround when none is named, with no tier below 100 photos' discount", async () => {
    const client = await freshClient();
    const job = await newJob(client.token, { turnaroundId: undefined, numberOfPhotos: 99 });
    expect(job.turnaround).toMatchObject({ id: 'standard', multiplier: 1 });
    expect(job).toMatchObject({ discountCents: 0, rushSurchargeCents: 0 });
    expect(job.totalCents).toBe(job.subtotalCents);
  });
});

describe('paying a job priced with a discount and a surcharge', () => {
  it("Checkout's lines add up to the stored total and name the discount and the surcharge", async () => {
    const client = await freshClient();
    const job = await newJob(client.token);
    const response = await api(`/api/jobs/${job.id}/checkout`, { method: 'POST', token: client.token });
    expect(response.status, response.text).toBe(200);
    const started = checkoutResponseSchema.parse(response.json);
    // The emulator's amount_total is the sum of the lines it was sent.
    const session = (await (
      await fetch(`${inject('stripeEmulatorUrl')}/v1/checkout/sessions/${started.sessionId}`, {
        headers: { authorization: `Bearer ${inject('stripeSecretKey')}` },
      })
    ).json()) as { amount_total: number };
    expect(session.amount_total).toBe(job.totalCents);
    const page = await (await fetch(started.url)).text();
    expect(page).toContain('less 10 % volume discount');
    expect(page).toContain('Express turnaround (24 h), x1.5');
  });

  it('the invoice lists the subtotal, the volume discount and the surcharge above the total', async () => {
    const client = await freshClient();
    const job = await newJob(client.token);
    const response = await api(`/api/jobs/${job.id}/invoice`, { token: client.token });
    expect(response.status, response.text).toBe(200);
    const file = await fetch(invoiceResponseSchema.parse(response.json).url);
    const text = await pdfText(new Uint8Array(await file.arrayBuffer()));
    expect(text).toContain(`Subtotal ${formatCents(job.subtotalCents, 'USD')}`);
    expect(text).toContain(`Volume discount 10 % -${formatCents(job.discountCents, 'USD')}`);
    expect(text).toContain(`Express x1.5 ${formatCents(job.rushSurchargeCents, 'USD')}`);
    expect(text).toContain(`Total (USD) ${formatCents(job.totalCents, 'USD')}`);
  });

  it('sets the due time when the job is paid: the payment time plus the turnaround hours', async () => {
    const client = await freshClient();
    const job = await jobDueFromPayment(client.token);
    expect(job.dueAt).toBeNull();
    await markPaid(identities.MANAGER.token, job);
    const paid = await readJob(job.id);
    expect(paid.payment?.paidAt).toBeTruthy();
    expect(paid.dueAt).not.toBeNull();
    expect(hours(paid.payment!.paidAt!, paid.dueAt!)).toBe(24);
  });
});

describe('PUT api/jobs/{id}/due', () => {
  it('a MANAGER moves the due time with a reason: a history entry, e-mails to the client and the editor', async () => {
    const client = await freshClient();
    const job = await jobDueFromPayment(client.token);
    await markPaid(identities.MANAGER.token, job);
    const assigned = await api(
      `/api/jobs/${job.id}/assign`,
      jsonInit('PUT', { editorId: identities.EDITOR.userId }, identities.MANAGER.token),
    );
    expect(assigned.status, assigned.text).toBe(200);
    const before = await readJob(job.id);
    const dueAt = new Date(Date.parse(before.dueAt!) + 6 * 3_600_000).toISOString();

    const moved = await api(
      `/api/jobs/${job.id}/due`,
      jsonInit('PUT', { dueAt, reason: 'The client sent more reference shots.' }, identities.MANAGER.token),
    );
    expect(moved.status, moved.text).toBe(200);
    expect(jobResponseSchema.parse(moved.json).job.dueAt).toBe(dueAt);
    expect((await readJob(job.id)).dueAt).toBe(dueAt);

    // The job's timeline (#17 part A; `history` keeps the payment entries only).
    const history = jobTimelineResponseSchema.parse(
      (await api(`/api/jobs/${job.id}/timeline`, { token: client.token })).json,
    ).timeline;
    const entries = history.filter((entry) => entry.kind === 'due');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'due-moved', actor: { kind: 'staff', role: 'MANAGER' } });
    expect(entries[0]!.summary).toContain('The client sent more reference shots.');

    const number = before.jobNumber!;
    const emails = await eventually('the due-time e-mails', async () => {
      const found = (await sesEmails()).filter((e) => e.subject === `Job ${number}: new due time`);
      return found.length >= 2 ? found : undefined;
    });
    const recipients = emails.flatMap((e) => e.to);
    expect(recipients).toContain(client.email);
    expect(recipients.length).toBe(2);
  });

  it('an EDITOR or a CLIENT cannot move it (403), a reason is required (400), nothing changes', async () => {
    const client = await freshClient();
    const job = await newJob(client.token);
    const body = { dueAt: '2030-01-01T12:00:00.000Z', reason: 'Trying.' };
    const byEditor = await api(`/api/jobs/${job.id}/due`, jsonInit('PUT', body, identities.EDITOR.token));
    expectEnvelope(byEditor.json, 403);
    const byClient = await api(`/api/jobs/${job.id}/due`, jsonInit('PUT', body, client.token));
    expectEnvelope(byClient.json, 403);
    const noReason = await api(
      `/api/jobs/${job.id}/due`,
      jsonInit('PUT', { dueAt: body.dueAt, reason: '  ' }, identities.MANAGER.token),
    );
    expect(expectEnvelope(noReason.json, 400).details?.issues?.[0]?.path).toBe('body.reason');
    expect((await readJob(job.id)).dueAt).toBe(job.dueAt);
    // The job's timeline (#17 part A; `history` keeps the payment entries only).
    const history = jobTimelineResponseSchema.parse(
      (await api(`/api/jobs/${job.id}/timeline`, { token: client.token })).json,
    ).timeline;
    expect(history.filter((entry) => entry.kind === 'due')).toEqual([]);
  });
});

describe('overdue notices (the hourly sweep, run here with a fixed clock)', () => {
  it('tell the managers once when a paid job passes its due time undelivered, and again after a manager moves it', async () => {
    useHandlerEnv();
    const { runOverdueNotices } = await import('../../src/workers/overdue-notices.ts');
    const client = await freshClient();
    const job = await jobDueFromPayment(client.token);
    await markPaid(identities.MANAGER.token, job);
    const paid = await readJob(job.id);
    const due = Date.parse(paid.dueAt!);
    // Only this job: other files' jobs share the table, and a run at a future clock would notice them.
    const only = { onlyJobs: new Set([job.id]) };

    expect((await runOverdueNotices(new Date(due - 1), only)).noticed).toEqual([]);
    expect((await runOverdueNotices(new Date(due + 60_000), only)).noticed).toEqual([job.id]);
    expect((await runOverdueNotices(new Date(due + 3_600_000), only)).noticed).toEqual([]);
    const subject = `Job ${paid.jobNumber}: overdue`;
    const first = await eventually('the overdue e-mail', async () => {
      const found = (await sesEmails()).filter((e) => e.subject === subject);
      return found.length > 0 ? found : undefined;
    });
    const recipients = first.flatMap((e) => e.to);
    expect(new Set(recipients).size).toBe(recipients.length);

    // A new due time can be missed again, and is told again.
    const later = new Date(due + 2 * 3_600_000).toISOString();
    const moved = await api(
      `/api/jobs/${job.id}/due`,
      jsonInit('PUT', { dueAt: later, reason: 'More photos arrived.' }, identities.MANAGER.token),
    );
    expect(moved.status, moved.text).toBe(200);
    expect((await runOverdueNotices(new Date(due + 60_000), only)).noticed).toEqual([]);
    expect((await runOverdueNotices(new Date(Date.parse(later) + 60_000), only)).noticed).toEqual([job.id]);
    await eventually('the second overdue e-mail', async () => {
      const found = (await sesEmails()).filter((e) => e.subject === subject);
      return found.length > first.length ? found : undefined;
    });
  });

  it('leave delivered work alone', async () => {
    useHandlerEnv();
    const { runOverdueNotices } = await import('../../src/workers/overdue-notices.ts');
    const client = await freshClient();
    const job = await jobDueFromPayment(client.token);
    await markPaid(identities.MANAGER.token, job);
    const assigned = await api(
      `/api/jobs/${job.id}/assign`,
      jsonInit('PUT', { editorId: identities.EDITOR.userId }, identities.MANAGER.token),
    );
    expect(assigned.status, assigned.text).toBe(200);
    const delivered = await api(
      `/api/jobs/${job.id}/editor-update`,
      jsonInit(
        'PUT',
        { progress: 100, editorDropboxLink: 'https://www.dropbox.com/sh/done/edited' },
        identities.EDITOR.token,
      ),
    );
    expect(delivered.status, delivered.text).toBe(200);
    const after = await readJob(job.id);
    expect(after.status).toBe('DELIVERED');
    const only = { onlyJobs: new Set([job.id]) };
    expect((await runOverdueNotices(new Date(Date.parse(after.dueAt!) + 60_000), only)).noticed).toEqual([]);
  });
});
