/**
 * E-mail notifications (issue 18) through the real path: a request through the local gateway
 * writes its outbox item in the same transaction, the local stack's stream reader hands it to the
 * notifier, which sends through the SES emulator. Each event is checked for exactly one e-mail
 * per right recipient (read from the emulator's store), with the job number (#15's `RS-...`) and
 * a working link. Payments (#16) send the receipt and the managers' notice once, whether Stripe's
 * webhook or staff marked the job paid; a delivery of finished files (#15) sends "ready" once.
 */
import { ListUsersInGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createJobApplicationResponseSchema,
  createApplicationUploadLinkResponseSchema,
} from '@studio/shared/job-application';
import { jobNumberPattern, jobResponseSchema, type Job } from '@studio/shared/job';
import {
  listUndeliveredEmailsResponseSchema,
  notificationPreferencesResponseSchema,
} from '@studio/shared/notifications';
import type { StaffRole } from '@studio/shared/platform';
import { checkoutResponseSchema } from '@studio/shared/payment';
import { listServicesResponseSchema } from '@studio/shared/service';
import { samplePdf } from '../../../scripts/test-setup/documents.ts';
import { useHandlerEnv } from './handler-env.ts';
import { deliverFile, jpegPhoto, markPaid } from './job-files-support.ts';
import { eventually, outboxItems, sesEmails, settledOutbox, type SentEmail } from './notification-support.ts';
import { newJob, put } from './staff-support.ts';
import { api, cognito, expectEnvelope, signedInIdentities, type Identity, type Role } from './support.ts';
import { freshClient, jsonInit, uniqueEmail } from './test-clients.ts';

useHandlerEnv();
const { documentClient } = await import('../../src/lib/dynamo.ts');
const { createJobOpenings } = await import('../../src/data/job-openings.ts');
const { handler: notifier } = await import('../../src/notifier/handler.ts');
const { putOutboxItem } = await import('../../src/data/outbox.ts');

const demo = (role: string) => inject('accounts').find((a) => a.role === role)!.email;
let identities: Record<Role, Identity>;

beforeAll(async () => {
  identities = await signedInIdentities();
});

async function groupEmails(role: StaffRole): Promise<string[]> {
  const result = await cognito().send(
    new ListUsersInGroupCommand({ UserPoolId: inject('userPoolId'), GroupName: role }),
  );
  return (result.Users ?? []).map((u) => u.Attributes?.find((a) => a.Name === 'email')?.Value ?? '');
}

/**
 * The e-mails whose subject or text mentions `marker` (a job number, a lead's name), not followed
 * by more of a word (`RS-2026-1000` is not `RS-2026-10000`).
 */
async function emailsAbout(marker: string): Promise<SentEmail[]> {
  const escaped = marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const mentioned = new RegExp(`${escaped}(?![0-9A-Za-z])`);
  return (await sesEmails()).filter((e) => mentioned.test(e.subject) || mentioned.test(e.text));
}

const to = (emails: SentEmail[], address: string) => emails.filter((e) => e.to.includes(address));

/**
 * The one link of an e-mail: absolute, on the site, to the page given, in both parts. (This suite
 * runs no site: that those pages open is the browser suite's, which visits each of them.)
 */
async function expectWorkingLink(email: SentEmail, path: string) {
  const links = [...email.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  expect(links).toEqual([`${inject('siteUrl')}${path}`]);
  expect(email.text).toContain(`${inject('siteUrl')}${path}`);
}

/** The number e-mails name a job by: its job number (#15), which every new job has. */
function jobNumberOf(job: Job) {
  expect(job.jobNumber).toMatch(jobNumberPattern);
  return job.jobNumber!;
}

describe('job notifications', () => {
  it('a new job: one confirmation with the total to the client, one notice to each manager', async () => {
    const client = await freshClient();
    const job = await newJob(client.token);
    const number = jobNumberOf(job);
    await settledOutbox(documentClient, job.id, 1);
    const emails = await emailsAbout(number);

    const confirmation = to(emails, client.email);
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0]!.subject).toBe(`Job ${number}: we received your job`);
    expect(confirmation[0]!.text).toContain(`Job number: ${number}`);
    expect(confirmation[0]!.text).toContain('Total: $');
    expect(confirmation[0]!.html).toContain(number);
    expect(confirmation[0]!.from).toContain('notifications@studio.test');
    await expectWorkingLink(confirmation[0]!, '/dashboard');

    const notices = emails.filter((e) => e.subject === `Job ${number}: new job`);
    const recipients = notices.flatMap((e) => e.to);
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(recipients).toContain(demo('MANAGER'));
    const managers = await groupEmails('MANAGER');
    for (const address of recipients) expect(managers).toContain(address);
    expect(notices.every((e) => e.to.length === 1)).toBe(true);
    await expectWorkingLink(notices[0]!, '/edit-job');
    // Nobody else hears of it.
    expect(emails).toHaveLength(1 + notices.length);
  });

  it('assignment: one e-mail to the assigned editor; delivery: one e-mail to the client', async () => {
    const client = await freshClient();
    const job = await newJob(client.token);
    const number = jobNumberOf(job);
    const { EDITOR: editor, MANAGER: manager } = identities;

    const assigned = await put(`/api/jobs/${job.id}/assign`, { editorId: editor.userId }, manager.token);
    expect(assigned.status, assigned.text).toBe(200);
    await settledOutbox(documentClient, job.id, 2);
    const afterAssign = await emailsAbout(number);
    const assignment = afterAssign.filter((e) => e.subject === `Job ${number}: assigned to you`);
    expect(assignment.map((e) => e.to)).toEqual([[demo('EDITOR')]]);
    await expectWorkingLink(assignment[0]!, '/editor');

    const delivered = await put(
      `/api/jobs/${job.id}/editor-update`,
      { progress: 100, editorDropboxLink: 'https://example.test/edited' },
      editor.token,
    );
    expect(delivered.status, delivered.text).toBe(200);
    expect(jobResponseSchema.parse(delivered.json).job.status).toBe('DELIVERED');
    await settledOutbox(documentClient, job.id, 3);
    const ready = (await emailsAbout(number)).filter((e) => e.subject === `Job ${number}: your photos are ready`);
    expect(ready.map((e) => e.to)).toEqual([[client.email]]);
    expect(ready[0]!.text).toContain(`Job number: ${number}`);
    // Unpaid, and the studio keeps finished work until payment (#32): the e-mail asks for payment
    // and names no delivery link.
    expect(ready[0]!.text).toContain('released once the job is paid');
    expect(ready[0]!.text + ready[0]!.html).not.toContain('example.test/edited');
    await expectWorkingLink(ready[0]!, `/payment/${job.id}`);
    // The client got its confirmation and the delivery, nothing else.
    expect(to(await emailsAbout(number), client.email)).toHaveLength(2);
  });

  it('cancellation by a manager: one e-mail to the client', async () => {
    const client = await freshClient();
    const job = await newJob(client.token);
    const number = jobNumberOf(job);
    const cancelled = await put(`/api/jobs/${job.id}`, { status: 'CANCELLED' }, identities.MANAGER.token);
    expect(cancelled.status, cancelled.text).toBe(200);
    await settledOutbox(documentClient, job.id, 2);
    const told = (await emailsAbout(number)).filter((e) => e.subject === `Job ${number}: cancelled`);
    expect(told.map((e) => e.to)).toEqual([[client.email]]);
    await expectWorkingLink(told[0]!, '/dashboard');
  });

  it('a refused change writes no outbox item and sends nothing', async () => {
    const client = await freshClient();
    const job = await newJob(client.token);
    await settledOutbox(documentClient, job.id, 1);
    // Progress 100 without a delivery link is refused (409): no "delivered" e-mail.
    const refused = await put(`/api/jobs/${job.id}`, { progress: 100 }, identities.MANAGER.token);
    expect(refused.status).toBe(409);
    await settledOutbox(documentClient, job.id, 1);
    expect(to(await emailsAbout(jobNumberOf(job)), client.email)).toHaveLength(1);
  });
});

describe('revision and approval notifications (#17)', () => {
  it('revision requested: the editor and managers; delivered again: the client; approved: the editor and managers', async () => {
    const client = await freshClient();
    const job = await newJob(client.token);
    const number = jobNumberOf(job);
    const { EDITOR: editor, MANAGER: manager } = identities;
    expect((await put(`/api/jobs/${job.id}/assign`, { editorId: editor.userId }, manager.token)).status).toBe(200);
    const link = { progress: 100, editorDropboxLink: 'https://example.test/edited' };
    expect((await put(`/api/jobs/${job.id}/editor-update`, link, editor.token)).status).toBe(200);
    const asked = await api(
      `/api/jobs/${job.id}/revision-requests`,
      jsonInit('POST', { notes: 'Brighter, please.' }, client.token),
    );
    expect(asked.status, asked.text).toBe(201);
    expect((await put(`/api/jobs/${job.id}/editor-update`, { progress: 100 }, editor.token)).status).toBe(200);
    const approved = await api(`/api/jobs/${job.id}/approve`, { method: 'PUT', token: client.token });
    expect(approved.status, approved.text).toBe(200);

    const items = await settledOutbox(documentClient, job.id, 6);
    expect(items.map((item) => item.event.event).sort()).toEqual([
      'job.approved',
      'job.assigned',
      'job.created',
      'job.delivered',
      'job.revisionCompleted',
      'job.revisionRequested',
    ]);
    const emails = await emailsAbout(number);
    const revision = emails.filter((e) => e.subject === `Job ${number}: revision 1 requested`);
    expect(to(revision, demo('EDITOR'))).toHaveLength(1);
    expect(to(revision, demo('MANAGER'))).toHaveLength(1);
    expect(to(revision, client.email)).toEqual([]);
    const ready = emails.filter((e) => e.subject === `Job ${number}: your revision is ready`);
    expect(ready.map((e) => e.to)).toEqual([[client.email]]);
    // Unpaid: the finished work waits for payment (#32).
    await expectWorkingLink(ready[0]!, `/payment/${job.id}`);
    const done = emails.filter((e) => e.subject === `Job ${number}: approved by the client`);
    expect(to(done, demo('EDITOR'))).toHaveLength(1);
    expect(to(done, demo('MANAGER'))).toHaveLength(1);
    // The client: its confirmation, the first delivery and the revision ready; nothing else.
    expect(to(emails, client.email).map((e) => e.subject)).toEqual([
      `Job ${number}: we received your job`,
      `Job ${number}: your photos are ready`,
      `Job ${number}: your revision is ready`,
    ]);
  });
});

describe('payment and delivery notifications (#15, #16)', () => {
  /** Exactly one receipt to the client, one "paid" notice to each manager, and nobody else hears of it. */
  async function expectPaidEmails(job: Job, client: { email: string }) {
    const number = jobNumberOf(job);
    const emails = await emailsAbout(number);
    const receipts = emails.filter((e) => e.subject === `Job ${number}: payment received`);
    expect(receipts.map((e) => e.to)).toEqual([[client.email]]);
    expect(receipts[0]!.text).toContain(`Job number: ${number}`);
    expect(receipts[0]!.text).toMatch(/Amount paid: \$[\d,]+\.\d\d/);
    await expectWorkingLink(receipts[0]!, `/payment/${job.id}`);

    const notices = emails.filter((e) => e.subject === `Job ${number}: paid`);
    const recipients = notices.flatMap((e) => e.to);
    expect(notices.every((e) => e.to.length === 1)).toBe(true);
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(recipients).toContain(demo('MANAGER'));
    const managers = await groupEmails('MANAGER');
    for (const address of recipients) expect(managers).toContain(address);
    await expectWorkingLink(notices[0]!, '/edit-job');
    // Besides the new job's confirmation and notices: the receipt and the notices, nothing else.
    const newJobNotices = emails.filter((e) => e.subject === `Job ${number}: new job`);
    expect(emails).toHaveLength(1 + newJobNotices.length + 1 + notices.length);
    expect(to(emails, client.email).map((e) => e.subject)).toEqual([
      `Job ${number}: we received your job`,
      `Job ${number}: payment received`,
    ]);
  }

  it('paid through Stripe Checkout: one receipt and one notice per manager; the webhook event replayed sends nothing more', async () => {
    const client = await freshClient();
    const job = await newJob(client.token);
    const started = await api(`/api/jobs/${job.id}/checkout`, { method: 'POST', token: client.token });
    expect(started.status, started.text).toBe(200);
    const { url, sessionId } = checkoutResponseSchema.parse(started.json);
    // The emulator's Pay button: it sends the signed checkout.session.completed to the webhook.
    const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    await settledOutbox(documentClient, job.id, 2);
    await expectPaidEmails(job, client);

    const events = (await (await fetch(`${inject('stripeEmulatorUrl')}/_emulator/events`)).json()) as {
      type: string;
      payload: string;
      signature: string;
    }[];
    const completed = events.find((e) => e.type === 'checkout.session.completed' && e.payload.includes(sessionId))!;
    const replay = await api('/api/payments/stripe-webhook', {
      method: 'POST',
      body: completed.payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': completed.signature },
    });
    expect(replay.status, replay.text).toBe(200);
    expect(replay.json).toMatchObject({ outcome: 'ignored' });
    // Still the two outbox items (created, paid), so still exactly the same e-mails.
    await settledOutbox(documentClient, job.id, 2);
    await expectPaidEmails(job, client);
  });

  it('a transfer marked paid by a manager: one receipt and one notice per manager; marking it again is refused and sends nothing', async () => {
    const client = await freshClient();
    const job = await newJob(client.token);
    await markPaid(identities.MANAGER.token, job);
    await settledOutbox(documentClient, job.id, 2);
    await expectPaidEmails(job, client);

    const again = await put(
      `/api/jobs/${job.id}/payment/mark-paid`,
      { amountCents: job.totalCents, reference: 'Test transfer' },
      identities.SUPER_ADMIN.token,
    );
    expectEnvelope(again.json, 409);
    await settledOutbox(documentClient, job.id, 2);
    await expectPaidEmails(job, client);
  });

  it('delivered by finished files, no link: one "photos ready" to the client, however many files or updates follow', async () => {
    const client = await freshClient();
    const job = await newJob(client.token);
    const number = jobNumberOf(job);
    const { EDITOR: editor, MANAGER: manager } = identities;
    expect((await put(`/api/jobs/${job.id}/assign`, { editorId: editor.userId }, manager.token)).status).toBe(200);
    const first = await deliverFile(editor.token, job.id, 'front.jpg', await jpegPhoto(11));
    expect(first.status, first.text).toBe(201);
    // Files alone are no delivery yet: the job is finished when the editor says 100 %.
    await settledOutbox(documentClient, job.id, 2);
    expect((await emailsAbout(number)).filter((e) => e.subject.endsWith('your photos are ready'))).toEqual([]);

    const done = await put(`/api/jobs/${job.id}/editor-update`, { progress: 100 }, editor.token);
    expect(done.status, done.text).toBe(200);
    const completed = jobResponseSchema.parse(done.json).job;
    expect(completed).toMatchObject({ status: 'DELIVERED', editorDropboxLink: null, deliverableCount: 1 });

    // More files and the same progress again change nothing that is news.
    const second = await deliverFile(editor.token, job.id, 'back.jpg', await jpegPhoto(12));
    expect(second.status, second.text).toBe(201);
    const sameAgain = await put(`/api/jobs/${job.id}/editor-update`, { progress: 100 }, editor.token);
    expect(sameAgain.status, sameAgain.text).toBe(200);
    expect(jobResponseSchema.parse(sameAgain.json).job.status).toBe('DELIVERED');

    const items = await settledOutbox(documentClient, job.id, 3);
    expect(items.map((item) => item.event.event).sort()).toEqual(['job.assigned', 'job.created', 'job.delivered']);
    const ready = (await emailsAbout(number)).filter((e) => e.subject === `Job ${number}: your photos are ready`);
    expect(ready.map((e) => e.to)).toEqual([[client.email]]);
    expect(ready[0]!.text).toContain(`Job number: ${number}`);
    await expectWorkingLink(ready[0]!, `/payment/${job.id}`);
    expect(to(await emailsAbout(number), client.email)).toHaveLength(2);
  });
});

describe('lead, application and invitation notifications', () => {
  it('a contact lead and a free-trial lead: one e-mail each to every manager, typed text escaped and never a link', async () => {
    const marker = ulid().slice(-8);
    const name = `<b>Ann ${marker}</b> www.evil.test`;
    const contact = await api(
      '/api/contact/addnew',
      jsonInit('POST', { name, email: 'ann@example.test', phone: '+1 555 0100', description: 'Hello' }),
    );
    expect(contact.status, contact.text).toBe(201);
    const contactId = (contact.json as { id: string }).id;
    const services = listServicesResponseSchema.parse((await api('/api/services')).json).services;
    const trial = await api(
      '/api/free-trial-leads',
      jsonInit('POST', {
        serviceId: services[0]!.id,
        service: services[0]!.name,
        name: `Bea ${marker}`,
        email: 'bea@example.test',
        imageLink: 'https://example.test/photo.jpg',
      }),
    );
    expect(trial.status, trial.text).toBe(201);
    await settledOutbox(documentClient, contactId, 1);
    await settledOutbox(documentClient, (trial.json as { id: string }).id, 1);

    const emails = await emailsAbout(marker);
    const managers = await groupEmails('MANAGER');
    const contactMails = emails.filter((e) => e.subject === 'New contact request');
    const trialMails = emails.filter((e) => e.subject === 'New free-trial request');
    for (const mails of [contactMails, trialMails]) {
      const recipients = mails.flatMap((e) => e.to);
      expect(recipients).toContain(demo('MANAGER'));
      expect(new Set(recipients).size).toBe(recipients.length);
      for (const address of recipients) expect(managers).toContain(address);
      await expectWorkingLink(mails[0]!, '/contact-leads');
    }
    const html = contactMails[0]!.html;
    expect(html).not.toContain('<b>Ann');
    expect(html).toContain('&lt;b&gt;Ann');
    // The typed address is defanged in both parts so that mail clients do not link it (#32); the
    // only link is ours.
    for (const part of [html, contactMails[0]!.text]) {
      expect(part).not.toContain('www.evil.test');
      expect(part).toContain('www[.]evil[.]test');
    }
    expect([...html.matchAll(/<a /g)]).toHaveLength(1);
    expect(contactMails[0]!.text).toContain(`Name: <b>Ann ${marker}</b> www[.]evil[.]test`);
    expect(contactMails[0]!.text).toContain('E-mail: ann[at]example[.]test');
  });

  it('a job application: one e-mail to each SUPER_ADMIN', async () => {
    const openingId = ulid();
    const title = `Retoucher ${openingId.slice(-6)}`;
    await createJobOpenings([
      { id: openingId, title, description: 'Retouch.', isActive: true, postedAt: new Date().toISOString() },
    ]);
    const bytes = samplePdf('Resume');
    const link = createApplicationUploadLinkResponseSchema.parse(
      (
        await api(
          '/api/job-openings/job-applications/upload-link',
          jsonInit('POST', { jobOpeningId: openingId, kind: 'resume', fileName: 'cv.pdf', size: bytes.length }),
        )
      ).json,
    ).uploadurl;
    const form = new FormData();
    for (const [field, value] of Object.entries(link.fields)) form.append(field, value);
    form.append('file', new Blob([bytes]), 'cv.pdf');
    expect((await fetch(link.url, { method: 'POST', body: form })).status).toBeLessThan(300);
    const applied = await api(
      '/api/job-openings/job-applications',
      jsonInit('POST', {
        jobOpeningId: openingId,
        email: 'ann.applicant@example.test',
        fullName: 'Ann Applicant',
        contactNo: '+12025550123',
        currentLocation: 'Austin, TX',
        overallExperience: '4 years',
        noticePeriod: '30 days',
        resume: { key: link.key, fileName: 'cv.pdf' },
      }),
    );
    expect(applied.status, applied.text).toBe(201);
    const applicationId = createJobApplicationResponseSchema.parse(applied.json).id;
    await settledOutbox(documentClient, applicationId, 1);
    const mails = (await emailsAbout(title)).filter((e) => e.subject === 'New job application');
    const recipients = mails.flatMap((e) => e.to);
    expect(recipients).toContain(demo('SUPER_ADMIN'));
    expect(new Set(recipients).size).toBe(recipients.length);
    const admins = await groupEmails('SUPER_ADMIN');
    for (const address of recipients) expect(admins).toContain(address);
    expect(recipients).not.toContain(demo('MANAGER'));
    await expectWorkingLink(mails[0]!, '/review-applications');
  });

  it('a staff invitation: a welcome e-mail with the console link to the invited person', async () => {
    const email = uniqueEmail('invited');
    const invited = await api(
      '/api/admin/invite',
      jsonInit('POST', { email, username: 'Nia New', role: 'EDITOR' }, identities.SUPER_ADMIN.token),
    );
    expect(invited.status, invited.text).toBe(201);
    const welcome = await eventually('the welcome e-mail', async () => {
      const mails = (await sesEmails()).filter((e) => e.to.includes(email));
      return mails.length > 0 ? mails : undefined;
    });
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.subject).toBe('Welcome to the studio console');
    expect(welcome[0]!.text).toContain('Hello Nia New,');
    await expectWorkingLink(welcome[0]!, '/admin-login');
  });
});

describe('the local mailbox', () => {
  it('keeps each notification as JSON (to, subject, text, html, sentAt) and shows it with HTML and text views', async () => {
    const client = await freshClient();
    const job = await newJob(client.token);
    await settledOutbox(documentClient, job.id, 1);
    const dir = inject('mailboxDir');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.json'));
    const messages = await Promise.all(
      files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as Record<string, string>),
    );
    const mine = messages.filter((m) => m.to === client.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      to: client.email,
      subject: `Job ${jobNumberOf(job)}: we received your job`,
      text: expect.stringContaining(jobNumberOf(job)),
      html: expect.stringContaining('<!doctype html>'),
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // The logo the HTML part shows is a file the site serves (its public folder: this suite runs
    // no site; the browser suite's site serves that folder as built).
    const logo = /<img src="([^"]+)"/.exec(mine[0]!.html!)![1]!;
    expect(logo).toBe(`${inject('siteUrl')}/email/logo.png`);
    const image = await readFile(
      path.join(import.meta.dirname, '..', '..', '..', 'web', 'public', 'email', 'logo.png'),
    );
    expect(image.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const page = await (await fetch(inject('mailboxUrl'))).text();
    const at = page.indexOf(client.email);
    expect(at).toBeGreaterThan(0);
    expect(page).toContain('<iframe sandbox');
    expect(page).toContain('<summary>Text</summary>');
  });
});

describe('notification preferences', () => {
  it('a client who turns off "photos ready" gets no delivery e-mail, and everything else still', async () => {
    const client = await freshClient();
    const off = await put('/api/notification-preferences', { preferences: { jobDelivered: false } }, client.token);
    expect(off.status, off.text).toBe(200);
    const rows = notificationPreferencesResponseSchema.parse(off.json).preferences;
    expect(rows.find((r) => r.key === 'jobDelivered')).toMatchObject({ enabled: false, essential: false });

    const job = await newJob(client.token);
    const number = jobNumberOf(job);
    const { EDITOR: editor, MANAGER: manager } = identities;
    expect((await put(`/api/jobs/${job.id}/assign`, { editorId: editor.userId }, manager.token)).status).toBe(200);
    const delivered = await put(
      `/api/jobs/${job.id}/editor-update`,
      { progress: 100, editorDropboxLink: 'https://example.test/edited' },
      editor.token,
    );
    expect(delivered.status, delivered.text).toBe(200);
    await settledOutbox(documentClient, job.id, 3);
    const emails = await emailsAbout(number);
    // The confirmation is essential; the delivery was turned off; the editor still heard.
    expect(to(emails, client.email).map((e) => e.subject)).toEqual([`Job ${number}: we received your job`]);
    expect(to(emails, demo('EDITOR')).map((e) => e.subject)).toEqual([`Job ${number}: assigned to you`]);

    const back = await put('/api/notification-preferences', { preferences: { jobDelivered: true } }, client.token);
    expect(notificationPreferencesResponseSchema.parse(back.json).preferences.every((r) => r.enabled)).toBe(true);
  });

  it("lists the caller's own e-mails; essential ones and other roles' ones cannot be switched off", async () => {
    const client = await freshClient();
    const got = await api('/api/notification-preferences', { token: client.token });
    expect(got.status).toBe(200);
    const keys = notificationPreferencesResponseSchema.parse(got.json).preferences.map((r) => [r.key, r.essential]);
    expect(keys).toEqual([
      ['jobReceived', true],
      ['paymentReceived', true],
      ['cancellationDecided', true],
      ['paymentReturned', true],
      ['refundMade', true],
      // #36: to the OWNERs of an organisation whose webhook was turned off.
      ['webhookDisabled', true],
      ['jobDelivered', false],
      ['imagesDelivered', false],
      ['revisionCompleted', false],
      ['dueMoved', false],
    ]);
    const essential = await put('/api/notification-preferences', { preferences: { jobReceived: false } }, client.token);
    expect(expectEnvelope(essential.json, 400).details?.issues?.[0]?.path).toBe('body.preferences.jobReceived');
    const other = await put('/api/notification-preferences', { preferences: { newLead: false } }, client.token);
    expect(expectEnvelope(other.json, 400).details?.issues?.[0]?.path).toBe('body.preferences.newLead');
    const unknown = await put('/api/notification-preferences', { preferences: { nope: false } }, client.token);
    expectEnvelope(unknown.json, 400);

    const manager = await api('/api/notification-preferences', { token: identities.MANAGER.token });
    const managerKeys = notificationPreferencesResponseSchema.parse(manager.json).preferences.map((r) => r.key);
    expect(managerKeys).toEqual([
      // #32: a payment the studio could not accept was refunded (essential: staff may have to act).
      'paymentReturnedManager',
      'newJob',
      'newPaidJob',
      'newLead',
      'revisionRequestedManager',
      'jobOverdue',
      // #17: approvals and cancellation requests.
      'jobApprovedManager',
      'cancellationRequested',
    ]);
  });
});

describe('the notifier', () => {
  it('sends one e-mail when the same stream batch is processed again, even at the same time', async () => {
    const marker = ulid().slice(-8);
    const leadId = ulid();
    await putOutboxItem({
      event: 'lead.received',
      lead: { id: leadId, kind: 'contact', name: `Dup ${marker}`, email: 'dup@example.test', service: null },
    });
    // The stream reader delivers it; meanwhile the same batch arrives twice more, concurrently.
    const [item] = await eventually('the outbox item', async () => {
      const found = await outboxItems(documentClient, (i) => i.event.lead?.id === leadId);
      return found.length === 1 ? found : undefined;
    });
    const record = {
      eventID: '1',
      eventName: 'INSERT' as const,
      eventSource: 'aws:dynamodb',
      dynamodb: { SequenceNumber: '100', NewImage: { id: { S: item!.id }, type: { S: 'Outbox' } } },
    };
    const batch = { Records: [record] };
    const results = await Promise.all([notifier(batch), notifier(batch)]);
    expect(results.every((r) => r.batchItemFailures.length === 0)).toBe(true);
    await settledOutbox(documentClient, leadId, 1);
    expect(await notifier(batch)).toEqual({ batchItemFailures: [] });
    const mails = (await emailsAbout(marker)).filter((e) => e.to.includes(demo('MANAGER')));
    expect(mails).toHaveLength(1);
  });

  it('lists nothing undelivered to callers who may not see it', async () => {
    const refused = await api('/api/notifications/undelivered', { token: identities.EDITOR.token });
    expect(refused.status).toBe(403);
    const listed = await api('/api/notifications/undelivered', { token: identities.MANAGER.token });
    expect(listed.status).toBe(200);
    listUndeliveredEmailsResponseSchema.parse(listed.json);
  });
});
