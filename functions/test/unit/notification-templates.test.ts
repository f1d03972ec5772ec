/**
 * Every notification renders (also those whose writes come with later issues: due time moved,
 * overdue), with the job number, HTML and text
 * parts, one absolute link of ours, and whatever a person typed escaped and never a link, in
 * either part (#32). A delivery e-mail offers the download only when the work is released.
 */
import { paymentDueStatement } from '@studio/shared/studio-settings';
import { describe, expect, it } from 'vitest';
import { notificationKeys, notifications, type NotificationKey } from '@studio/shared/notifications';
import type { Job } from '@studio/shared/job';
import { jobChangeEvents, paymentChangeEvents } from '../../src/data/job-events.ts';
import { jobNumberOf, jobSnapshot, type JobSnapshot, type OutboxEvent } from '../../src/data/outbox.ts';
import { sampleJob } from './job-fixture.ts';
import { absoluteUrl, inertText, renderEmail } from '../../src/notifier/layout.ts';
import { emailContent } from '../../src/notifier/templates.ts';

const siteUrl = 'https://studio.example';
const typed = '<img src=x onerror=alert(1)> "Ann" & www.evil.test https://evil.example/pay mailto:ann@evil.test';

const job: JobSnapshot = {
  id: '01J0000000000000000ABCDEFG',
  number: 'RS-1042',
  clientId: 'client-1',
  editorId: 'editor-1',
  serviceName: typed,
  numberOfPhotos: 12,
  totalCents: 123456,
  currency: 'EUR',
  status: 'IN_PROGRESS',
};

const sampleEvents: Record<OutboxEvent['event'], OutboxEvent> = {
  'job.created': { event: 'job.created', job },
  'job.paid': {
    event: 'job.paid',
    job,
    receipt: { amountCents: 123456, currency: 'EUR', paidAt: '2026-11-02T10:00:00Z' },
  },
  'job.assigned': { event: 'job.assigned', job },
  'job.delivered': { event: 'job.delivered', job },
  'job.revisionRequested': { event: 'job.revisionRequested', job, round: 3, billable: true },
  'job.revisionCompleted': { event: 'job.revisionCompleted', job },
  'job.approved': { event: 'job.approved', job, by: 'auto' },
  'job.cancellationRequested': { event: 'job.cancellationRequested', job, reason: typed },
  'job.dueMoved': { event: 'job.dueMoved', job, dueAt: '2026-11-05T17:30:00.000Z' },
  'job.overdue': { event: 'job.overdue', job },
  'job.cancellationDecided': { event: 'job.cancellationDecided', job, decision: 'CANCELLED' },
  'job.imagesDelivered': { event: 'job.imagesDelivered', job, delivered: 1200, total: 5000 },
  'lead.received': {
    event: 'lead.received',
    lead: { id: 'lead-1', kind: 'contact', name: typed, email: 'ann@evil.test', service: null },
  },
  'application.received': {
    event: 'application.received',
    application: { id: 'app-1', fullName: typed, openingTitle: 'Senior retoucher' },
  },
  'staff.invited': {
    event: 'staff.invited',
    invitee: { userId: 'u-1', email: 'nia@studio.example', name: typed, role: 'EDITOR' },
  },
  'account.signUpAttempt': {
    event: 'account.signUpAttempt',
    account: { userId: 'u-2', email: 'ann@client.test', name: typed, staff: false },
  },
  'job.paymentReturned': {
    event: 'job.paymentReturned',
    job,
    returned: { amount: '€1,234.56', why: 'cancelled', refused: null },
  },
  'job.refunded': {
    event: 'job.refunded',
    job,
    refund: { amountCents: 123456, currency: 'EUR', refundedTotalCents: 123456, creditNoteNumber: 'CN-2026-0007' },
  },
  'organisation.invited': {
    event: 'organisation.invited',
    invitation: {
      id: '01J0000000000000000INVITE1',
      organisationId: '01J00000000000000000000ORG',
      organisationName: typed,
      email: 'bea@client.test',
      role: 'BUYER',
      invitedByName: typed,
      expiresAt: '2026-12-05T12:00:00.000Z',
    },
  },
  'job.cancelled': { event: 'job.cancelled', job },
  'job.imagesReleased': { event: 'job.imagesReleased', job, imageIds: ['01J00000000000000000IMAGE1'] },
  'webhook.disabled': {
    event: 'webhook.disabled',
    webhook: {
      id: '01J0000000000000000WEBHOOK',
      organisationId: '01J00000000000000000000ORG',
      url: 'https://hooks.client.test/studio',
      failingSince: '2026-11-01T10:00:00.000Z',
    },
  },
};

function render(key: NotificationKey) {
  const event = sampleEvents[notifications[key].event];
  return renderEmail(emailContent(key, event, { email: 'someone@example.test', name: typed }), siteUrl);
}

describe('notification templates', () => {
  it.each(notificationKeys)('%s renders HTML and text with one absolute link of ours', (key) => {
    const email = render(key);
    expect(email.subject.length).toBeGreaterThan(0);
    expect(email.html).toMatch(/^<!doctype html>/);
    expect(email.text.length).toBeGreaterThan(20);
    const links = [...email.html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]!);
    expect(links).toHaveLength(1);
    expect(links[0]!.startsWith(`${siteUrl}/`)).toBe(true);
    expect(email.text).toContain(links[0]!);
    expect(email.html).toContain(`src="${siteUrl}/email/logo.png"`);
    expect(email.html).toContain('Retouch Studio');
  });

  it.each(notificationKeys.filter((key) => notifications[key].event.startsWith('job.')))(
    '%s names the job number in the subject and both parts',
    (key) => {
      const email = render(key);
      expect(email.subject).toContain('RS-1042');
      expect(email.text).toContain('Job number: RS-1042');
      expect(email.html).toContain('RS-1042');
    },
  );

  it.each(notificationKeys)('%s escapes what people typed and never links it, in either part', (key) => {
    const { html, text } = render(key);
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('"Ann"');
    for (const part of [html, text]) {
      // No address a mail client would link survives in either part; the reader still sees it quoted.
      expect(part).not.toContain('www.evil.test');
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('ann@evil.test');
      expect(part).not.toMatch(/https?:\/\/(?!studio\.example)/);
    }
    // Whatever the template shows of what was typed, it shows defanged (the greeting, a name...).
    if (text.includes('evil')) expect(text).toContain('www[.]evil[.]test');
  });

  it('defangs addresses in typed text and leaves ordinary words alone', () => {
    expect(inertText('See https://evil.example/x or www.evil.test, mail ann@shop.test')).toBe(
      'See https[:]//evil[.]example/x or www[.]evil[.]test, mail ann[at]shop[.]test',
    );
    expect(inertText('mailto:ann@x.io tel:+441234 http://10.0.0.1/a')).toBe(
      'mailto[:]ann[at]x[.]io tel[:]+441234 http[:]//10[.]0[.]0[.]1/a',
    );
    const plain = 'Reason: late. Dr. Smith paid €1,234.56 at 10:30, e.g. twice';
    expect(inertText(plain)).toBe(plain);
  });

  it('sends the client to download a delivery only once its work is released, else to pay', () => {
    for (const key of ['jobDelivered', 'revisionCompleted'] as const) {
      const event = sampleEvents[notifications[key].event];
      const to = { email: 'someone@example.test', name: 'Ann' };
      const released = renderEmail(emailContent(key, event, to, { finishedWorkReleased: true }), siteUrl);
      const held = renderEmail(emailContent(key, event, to, { finishedWorkReleased: false }), siteUrl);
      expect(held.text).toContain('released once the job is paid');
      expect(held.text).toContain(`Pay for your job: ${siteUrl}/payment/${job.id}`);
      expect(released.text).not.toContain('released once the job is paid');
      expect(released.text).not.toContain('/payment/');
      // Without a context the notifier did not check: never a promise of a download.
      expect(renderEmail(emailContent(key, event, to), siteUrl).text).toBe(held.text);
    }
    expect(
      renderEmail(
        emailContent(
          'jobDelivered',
          sampleEvents['job.delivered'],
          { email: 'a@b.c', name: '' },
          { finishedWorkReleased: true },
        ),
        siteUrl,
      ).text,
    ).toContain(`Download your photos: ${siteUrl}/dashboard`);
  });

  it('tells the client and the managers of a returned payment, and the managers to act when Stripe refused', () => {
    const returned = sampleEvents['job.paymentReturned'];
    const to = { email: 'someone@example.test', name: 'Ann' };
    expect(renderEmail(emailContent('paymentReturned', returned, to), siteUrl).text).toContain(
      'arrived for this job after it was cancelled',
    );
    expect(renderEmail(emailContent('paymentReturnedManager', returned, to), siteUrl).text).toContain(
      'refunded in full automatically',
    );
    const refused = {
      ...returned,
      returned: { amount: '€1.00', why: 'paid' as const, refused: 'charge already refunded' },
    };
    const managers = renderEmail(emailContent('paymentReturnedManager', refused, to), siteUrl);
    expect(managers.subject).toBe('Job RS-1042: payment to refund by hand');
    expect(managers.text).toContain('Stripe refused the refund (charge already refunded)');
    expect(renderEmail(emailContent('paymentReturned', refused, to), siteUrl).text).toContain(
      'after it had been paid already',
    );
  });

  it('formats the total in the job currency, and a receipt its amount', () => {
    expect(render('jobReceived').text).toContain('Total: €1,234.56');
    expect(render('paymentReceived').text).toContain('Amount paid: €1,234.56');
    expect(render('dueMoved').text).toContain('New due time: 2026-11-05 17:30 UTC');
  });

  it("says when an order's payment is due, as the studio's settings say (#40)", () => {
    const event = sampleEvents['job.created'];
    const to = { email: 'someone@example.test', name: 'Ann' };
    for (const releaseFilesBeforePayment of [false, true]) {
      const paymentDue = paymentDueStatement({ releaseFilesBeforePayment });
      const context = { finishedWorkReleased: false, paymentDue };
      expect(renderEmail(emailContent('jobReceived', event, to, context), siteUrl).text).toContain(paymentDue);
    }
    expect(paymentDueStatement({ releaseFilesBeforePayment: false })).toMatch(/^Payment is due when you order/);
    expect(paymentDueStatement({ releaseFilesBeforePayment: true })).toMatch(/^Payment is due once we deliver/);
  });

  it("links the receipt to the job's payment page, where the paid job's receipt is downloaded (#16)", () => {
    const { html, text } = render('paymentReceived');
    expect([...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1])).toEqual([`${siteUrl}/payment/${job.id}`]);
    expect(text).toContain(`${siteUrl}/payment/${job.id}`);
  });

  it('keeps control characters out of the subject line', () => {
    const content = emailContent('newLead', sampleEvents['lead.received'], { email: 'a@b.c', name: '' });
    const email = renderEmail({ ...content, subject: 'New\r\nBcc: x@evil.test' }, siteUrl);
    expect(email.subject).toBe('New Bcc: x@evil.test');
  });

  it('joins the site URL and a path, with or without a trailing slash', () => {
    expect(absoluteUrl('https://studio.example', '/dashboard')).toBe('https://studio.example/dashboard');
    expect(absoluteUrl('https://studio.example/', '/dashboard')).toBe('https://studio.example/dashboard');
  });
});

describe('job numbers and job change events', () => {
  const base = sampleJob({
    id: '01J0000000000000000ABCDEFG',
    jobNumber: null,
    serviceId: 's',
    serviceName: 'Clipping',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  });

  it('uses the job number (#15) of a job that has one, and the end of the id for older jobs', () => {
    expect(jobNumberOf(base)).toBe('0ABCDEFG');
    expect(jobNumberOf({ ...base, jobNumber: 'RS-2026-0007' })).toBe('RS-2026-0007');
    expect(jobSnapshot(base).number).toBe('0ABCDEFG');
    expect(jobSnapshot({ ...base, jobNumber: 'RS-2026-0007' }).number).toBe('RS-2026-0007');
  });

  const events = (before: Partial<Job>, after: Partial<Job>) =>
    jobChangeEvents({ ...base, ...before }, { ...base, ...after }).map((e) => e.event);

  it('assigned when the editor changes to someone; delivered when the job becomes DELIVERED (#17); cancelled once', () => {
    expect(events({}, { editorId: 'e1', status: 'IN_PROGRESS' })).toEqual(['job.assigned']);
    expect(events({ editorId: 'e1' }, { editorId: 'e2' })).toEqual(['job.assigned']);
    expect(events({ editorId: 'e1' }, { editorId: 'e1', progress: 50, status: 'IN_PROGRESS' })).toEqual([]);
    expect(events({ editorId: 'e1', status: 'IN_PROGRESS' }, { editorId: 'e1', status: 'DELIVERED' })).toEqual([
      'job.delivered',
    ]);
    // A later round delivered again is the client's "revision ready".
    expect(
      events({ editorId: 'e1', status: 'IN_PROGRESS', round: 2 }, { editorId: 'e1', status: 'DELIVERED', round: 2 }),
    ).toEqual(['job.revisionCompleted']);
    expect(events({ status: 'DELIVERED' }, { status: 'DELIVERED', instructions: 'x' })).toEqual([]);
    expect(events({ status: 'IN_PROGRESS' }, { status: 'CANCELLED' })).toEqual(['job.cancellationDecided']);
  });

  const paid = (status: 'PENDING' | 'PAID' | 'MISMATCH' | 'REFUNDED', receivedCents = 100) => ({
    status,
    method: 'Internet Banking' as const,
    currency: 'USD' as const,
    updatedAt: '2026-11-02T10:00:00.000Z',
    provider: 'manual' as const,
    received: { amountCents: receivedCents, currency: 'USD' },
    paidAt: status === 'PENDING' || status === 'MISMATCH' ? null : '2026-11-02T09:59:00.000Z',
    refundedCents: status === 'REFUNDED' ? receivedCents : 0,
    reference: 'Transfer RS-2026-0007',
  });

  it('paid once, when the payment becomes PAID, with what arrived; never for a paid job changing again', () => {
    const numbered = { ...base, jobNumber: 'RS-2026-0007' };
    const became = (before: Job['payment'], after: Job['payment']) =>
      paymentChangeEvents({ ...numbered, payment: before }, { ...numbered, payment: after });
    expect(became(null, paid('PAID'))).toEqual([
      {
        event: 'job.paid',
        job: jobSnapshot(numbered),
        receipt: { amountCents: 100, currency: 'USD', paidAt: '2026-11-02T09:59:00.000Z' },
      },
    ]);
    expect(became(paid('PENDING'), paid('PAID'))).toHaveLength(1);
    expect(became(paid('MISMATCH', 90), paid('PAID'))).toHaveLength(1);
    // A second payment for a paid job, a refund, a payment still pending or not the total: no receipt.
    expect(became(paid('PAID'), paid('PAID'))).toEqual([]);
    expect(became(paid('PAID'), paid('REFUNDED'))).toEqual([]);
    expect(became(null, paid('PENDING'))).toEqual([]);
    expect(became(paid('PENDING'), paid('MISMATCH', 90))).toEqual([]);
  });
});
