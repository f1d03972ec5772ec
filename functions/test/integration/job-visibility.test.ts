/**
 * What of a job each principal sees (#32), through the real routes and the notifier: the finished
 * work of an unpaid job never reaches its client (one job, the lists, the timeline, every answer of
 * a write that carries the job, a replayed order, the e-mails) unless the studio releases work
 * before payment; the assigned editor gets the work, not the payment or the client's e-mail.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { listJobsResponseSchema, type Job } from '@studio/shared/job';
import { jobTimelineResponseSchema } from '@studio/shared/job-lifecycle';
import { listAssignedJobsResponseSchema } from '@studio/shared/job-workflow';
import { listServicesResponseSchema } from '@studio/shared/service';
import { useHandlerEnv } from './handler-env.ts';
import { markPaid } from './job-files-support.ts';
import { settledOutbox } from './notification-support.ts';
import { assignedJob, emailsAbout, jobOf, readJob, saveSettings, timeline } from './payment-support.ts';
import { newJob, put } from './staff-support.ts';
import { api, expectEnvelope, signedInIdentities, type Identity, type Role } from './support.ts';
import { freshClient, jsonInit } from './test-clients.ts';

useHandlerEnv();
const { documentClient } = await import('../../src/lib/dynamo.ts');

let ids: Record<Role, Identity>;

beforeAll(async () => {
  ids = await signedInIdentities();
  // The studio's details with its bank details: the tests here choose a bank transfer (#40).
  await saveSettings(false);
});

describe('finished work is released by one rule, in every answer that carries the job (must fix 1)', () => {
  it('a delivery link never reaches the client of an unpaid job: not in one job, the lists, the timeline, any answer or an e-mail', async () => {
    await saveSettings(false);
    const client = await freshClient();
    // Ordered with an Idempotency-Key: a replay answers the job as it is now, delivered.
    const services = listServicesResponseSchema.parse((await api('/api/services')).json).services;
    const service = services.find((s) => s.subServices.some((sub) => sub.prices.some((p) => p.currency === 'USD')))!;
    const order = {
      serviceId: service.id,
      selectedSubServices: [service.subServices.find((s) => s.prices.some((p) => p.currency === 'USD'))!.id],
      currency: 'USD',
      linkType: 'own',
      dropboxLink: 'https://example.test/photos',
      numberOfPhotos: 2,
    };
    const key = `order-${randomBytes(6).toString('hex')}`;
    const created = await api('/api/jobs', jsonInit('POST', order, client.token, { 'idempotency-key': key }));
    const job = jobOf(created);
    expect((await put(`/api/jobs/${job.id}/assign`, { editorId: ids.EDITOR.userId }, ids.MANAGER.token)).status).toBe(
      200,
    );
    const link = `https://example.test/finished-${randomBytes(6).toString('hex')}`;
    const delivered = jobOf(
      await put(`/api/jobs/${job.id}/editor-update`, { progress: 100, editorDropboxLink: link }, ids.EDITOR.token),
    );
    expect(delivered).toMatchObject({ status: 'DELIVERED', editorDropboxLink: link });

    /** Every answer a client gets here: the job in it has no link, and the link is nowhere in the body. */
    const seen: string[] = [];
    const expectHeld = (what: string, response: { status: number; text: string }, jobInAnswer?: Job) => {
      expect(response.status, `${what}: ${response.text}`).toBeLessThan(300);
      expect(response.text, what).not.toContain(link);
      if (jobInAnswer) expect(jobInAnswer.editorDropboxLink, what).toBeNull();
      seen.push(what);
    };
    const one = await api(`/api/jobs/${job.id}`, { token: client.token });
    expectHeld('GET api/jobs/{id}', one, jobOf(one));
    const list = await api(`/api/jobs/client/${client.userId}`, { token: client.token });
    expectHeld('GET api/jobs/client/{userId}', list, listJobsResponseSchema.parse(list.json).jobs[0]);
    const userJobs = await api(`/api/jobs/user-jobs?userId=${client.userId}`, { token: client.token });
    expectHeld('GET api/jobs/user-jobs', userJobs, listJobsResponseSchema.parse(userJobs.json).jobs[0]);
    expectHeld('GET api/jobs/{id}/timeline', await api(`/api/jobs/${job.id}/timeline`, { token: client.token }));
    expectHeld('GET api/jobs/{id}/history', await api(`/api/jobs/${job.id}/history`, { token: client.token }));
    const replay = await api('/api/jobs', jsonInit('POST', order, client.token, { 'idempotency-key': key }));
    expectHeld('POST api/jobs (replayed)', replay, jobOf(replay));
    const chosen = await put(
      `/api/jobs/${job.id}/payment`,
      { method: 'Internet Banking', currency: 'USD', acceptTerms: true },
      client.token,
    );
    expectHeld('PUT api/jobs/{id}/payment', chosen, jobOf(chosen));
    const asked = await api(
      `/api/jobs/${job.id}/cancellation-request`,
      jsonInit('POST', { reason: 'Changed my mind' }, client.token),
    );
    expectHeld('POST api/jobs/{id}/cancellation-request', asked, jobOf(asked));
    expect(
      (await put(`/api/jobs/${job.id}/cancellation-request`, { decision: 'DECLINED' }, ids.MANAGER.token)).status,
    ).toBe(200);
    const revision = await api(
      `/api/jobs/${job.id}/revision-requests`,
      jsonInit('POST', { notes: 'Warmer, please.' }, client.token),
    );
    expectHeld('POST api/jobs/{id}/revision-requests', revision, jobOf(revision));
    expect((await put(`/api/jobs/${job.id}/editor-update`, { progress: 100 }, ids.EDITOR.token)).status).toBe(200);
    const approved = await api(`/api/jobs/${job.id}/approve`, { method: 'PUT', token: client.token });
    expectHeld('PUT api/jobs/{id}/approve', approved, jobOf(approved));
    expect(jobOf(approved).status).toBe('COMPLETED');
    expect(seen).toHaveLength(10);

    // The studio sees its work, the editor its own.
    expect((await readJob(job.id, ids.MANAGER.token)).editorDropboxLink).toBe(link);
    expect((await readJob(job.id, ids.EDITOR.token)).editorDropboxLink).toBe(link);

    // E-mails: the deliveries ask the client to pay, and never carry the link.
    await settledOutbox(documentClient, job.id, 8);
    const toClient = (await emailsAbout(job)).filter((e) => e.to.includes(client.email));
    const deliveries = toClient.filter((e) => /your (photos|revision) (are|is) ready/.test(e.subject));
    expect(deliveries).toHaveLength(2);
    for (const email of deliveries) expect(email.text).toContain('released once the job is paid');
    for (const email of toClient) expect(email.text + email.html).not.toContain(link);

    // The studio releases work before payment: the client has the link, unpaid.
    await saveSettings(true);
    expect((await readJob(job.id, client.token)).editorDropboxLink).toBe(link);
    await saveSettings(false);
    expect((await readJob(job.id, client.token)).editorDropboxLink).toBeNull();
    // Paid: released.
    await markPaid(ids.MANAGER.token, delivered);
    expect((await readJob(job.id, client.token)).editorDropboxLink).toBe(link);
    const listed = await api(`/api/jobs/client/${client.userId}`, { token: client.token });
    expect(listJobsResponseSchema.parse(listed.json).jobs[0]!.editorDropboxLink).toBe(link);
  });

  it('a paid job delivered: the e-mail sends the client to download from the dashboard', async () => {
    const { client, job } = await assignedJob();
    await markPaid(ids.MANAGER.token, job);
    expect(
      (
        await put(
          `/api/jobs/${job.id}/editor-update`,
          { progress: 100, editorDropboxLink: 'https://example.test/x' },
          ids.EDITOR.token,
        )
      ).status,
    ).toBe(200);
    await settledOutbox(documentClient, job.id, 4);
    const ready = (await emailsAbout(job)).filter((e) => e.subject === `Job ${job.jobNumber}: your photos are ready`);
    expect(ready.map((e) => e.to)).toEqual([[client.email]]);
    expect(ready[0]!.text).not.toContain('released once');
    expect(ready[0]!.text).toContain(`Download your photos: ${inject('siteUrl')}/dashboard`);
  });
});

describe('what the assigned editor sees (should fix: no payment, no client e-mail)', () => {
  it('the editor gets the name, instructions and photos, not the payment, its entries or the e-mail; staff and the client get all', async () => {
    const client = await freshClient({ name: 'Edna Client' });
    const job = await newJob(client.token, { instructions: 'Remove the background.' });
    const chosen = await put(
      `/api/jobs/${job.id}/payment`,
      { method: 'Internet Banking', currency: 'USD', acceptTerms: true },
      client.token,
    );
    expect(chosen.status, chosen.text).toBe(200);
    const reference = `BANK-${randomBytes(4).toString('hex')}`;
    expect(
      (
        await put(
          `/api/jobs/${job.id}/payment/mark-paid`,
          { amountCents: job.totalCents, reference },
          ids.MANAGER.token,
        )
      ).status,
    ).toBe(200);
    const assigned = await put(`/api/jobs/${job.id}/assign`, { editorId: ids.EDITOR.userId }, ids.MANAGER.token);
    expect(assigned.status).toBe(200);

    const expectEditorView = (what: string, seen: Job | undefined, text: string) => {
      expect(seen, what).toBeDefined();
      expect(seen!.client, what).toEqual({ name: 'Edna Client', email: null });
      expect(seen!.payment, what).toBeNull();
      expect(seen!.instructions, what).toBe('Remove the background.');
      expect(seen!.dropboxLink, what).toBe('https://example.test/photos');
      expect(text, what).not.toContain(client.email);
      expect(text, what).not.toContain(reference);
    };
    const one = await api(`/api/jobs/${job.id}`, { token: ids.EDITOR.token });
    expectEditorView('GET api/jobs/{id}', jobOf(one), one.text);
    const mine = await api('/api/jobs/assigned-jobs', { token: ids.EDITOR.token });
    expectEditorView(
      'GET api/jobs/assigned-jobs',
      listAssignedJobsResponseSchema.parse(mine.json).assignedJobs.find((j) => j.id === job.id),
      mine.text,
    );
    const updated = await put(`/api/jobs/${job.id}/editor-update`, { progress: 30 }, ids.EDITOR.token);
    expectEditorView('PUT api/jobs/{id}/editor-update', jobOf(updated), updated.text);

    const editorTimeline = await api(`/api/jobs/${job.id}/timeline`, { token: ids.EDITOR.token });
    expect(editorTimeline.text).not.toContain(reference);
    const entries = jobTimelineResponseSchema.parse(editorTimeline.json).timeline;
    expect(entries.filter((e) => e.kind === 'payment')).toEqual([]);
    expect(entries.map((e) => e.kind)).toEqual(expect.arrayContaining(['created', 'assigned']));
    expectEnvelope((await api(`/api/jobs/${job.id}/history`, { token: ids.EDITOR.token })).json, 403);
    expect((await api(`/api/jobs/${job.id}/invoice`, { token: ids.EDITOR.token })).status).toBe(403);

    // Managers and the client see the payment and its entries, and the e-mail.
    for (const token of [ids.MANAGER.token, client.token]) {
      const seen = await readJob(job.id, token);
      expect(seen.client).toEqual({ name: 'Edna Client', email: client.email });
      expect(seen.payment).toMatchObject({ status: 'PAID', reference });
      expect((await timeline(job.id, token)).map((e) => e.action)).toEqual(
        expect.arrayContaining(['method-chosen', 'marked-paid']),
      );
    }
  });
});
