import { formatCents } from '@studio/shared/money';
import { revisionName } from '@studio/shared/job-lifecycle';
import { notifications, studioName, type NotificationKey } from '@studio/shared/notifications';
import type { JobSnapshot, OutboxEvent } from '../data/outbox.ts';
import type { EmailContent } from './layout.ts';
import { reviewCountsText } from '../lib/review-counts.ts';

/*
 * The text of every e-mail, one template per notification key (shared/src/notifications.ts).
 * Templates return blocks of text; layout.ts escapes them and renders HTML and plain text. Links
 * are fixed paths of the site (the web app's `paths`; a job's page by its id, the server's ULID), never
 * anything a person typed.
 */

export interface Recipient {
  email: string;
  /** How to greet them; empty when unknown. */
  name: string;
}

/**
 * What the notifier found out at send time for the templates that need it: whether the job's
 * finished work is released to its client (`finishedWorkVisible`, the one rule of
 * functions/src/jobs/job-view.ts), so a delivery e-mail sends the client to download only what it
 * may download; and, for an order, when its payment is due (`paymentDueStatement` of the studio's
 * settings, #40), so the e-mail says what the terms and the quote page say.
 */
export interface TemplateContext {
  finishedWorkReleased: boolean;
  paymentDue?: string;
}

type EventOf<E extends OutboxEvent['event']> = Extract<OutboxEvent, { event: E }>;
type Template<E extends OutboxEvent['event']> = (
  event: EventOf<E>,
  to: Recipient,
  context: TemplateContext,
) => EmailContent;

const linkPaths = {
  clientJobs: '/dashboard',
  editJob: '/edit-job',
  editorJobs: '/editor',
  leads: '/contact-leads',
  applications: '/review-applications',
  staffSignIn: '/admin-login',
  clientSignIn: '/signin',
  /** A job's payment page (the web app's `paths.payment`): once paid, its receipt to download (#16). */
  /** An organisation's invitation (the web app's `paths.invitation`, #35). */
  invitation: (invitationId: string) => `/invitations/${encodeURIComponent(invitationId)}`,
  jobPayment: (jobId: string) => `/payment/${encodeURIComponent(jobId)}`,
} as const;

const greeting = (to: Recipient) => (to.name ? `Hello ${to.name},` : 'Hello,');

function jobFacts(job: JobSnapshot, withTotal = false) {
  const rows: [string, string][] = [
    ['Job number', job.number],
    ['Service', job.serviceName],
    ['Photos', String(job.numberOfPhotos)],
  ];
  if (withTotal) rows.push(['Total', formatCents(job.totalCents, job.currency)]);
  return { kind: 'facts' as const, rows };
}

const reviewRows = (review: { approved: number; sentBack: number } | undefined): [string, string][] =>
  review ? [['Images', reviewCountsText(review)]] : [];

const jobSubject = (job: JobSnapshot, what: string) => `Job ${job.number}: ${what}`;

const payAction = (job: JobSnapshot) => ({ label: 'Pay for your job', path: linkPaths.jobPayment(job.id) });

/** A delivery whose finished work the studio keeps until payment (docs/access.md). */
const releasedOncePaid = (done: string) =>
  `${done} The edited photos are released once the job is paid: pay it, then download them from your dashboard and approve them or ask for changes.`;

const templates: { [K in NotificationKey]: Template<(typeof notifications)[K]['event']> } = {
  jobReceived: ({ job }, to, { paymentDue }) => ({
    subject: jobSubject(job, 'we received your job'),
    heading: 'We received your job',
    blocks: [
      { kind: 'text', text: greeting(to) },
      { kind: 'text', text: 'Thank you for your order. Here is what we will work on:' },
      jobFacts(job, true),
      ...(paymentDue ? [{ kind: 'text' as const, text: paymentDue }] : []),
      { kind: 'text', text: 'You can follow its progress and pay from your dashboard.' },
    ],
    action: { label: 'Open your jobs', path: linkPaths.clientJobs },
  }),
  paymentReceived: ({ job, receipt }, to) => ({
    subject: jobSubject(job, 'payment received'),
    heading: 'Payment received',
    blocks: [
      { kind: 'text', text: greeting(to) },
      { kind: 'text', text: 'We received your payment. This e-mail is your receipt.' },
      {
        kind: 'facts',
        rows: [
          ['Job number', job.number],
          ['Service', job.serviceName],
          ['Amount paid', formatCents(receipt.amountCents, receipt.currency)],
          ['Paid on', receipt.paidAt.slice(0, 10)],
        ],
      },
    ],
    action: { label: 'View your receipt', path: linkPaths.jobPayment(job.id) },
  }),
  jobDelivered: ({ job }, to, { finishedWorkReleased }) => ({
    subject: jobSubject(job, 'your photos are ready'),
    heading: 'Your photos are ready',
    blocks: [
      { kind: 'text', text: greeting(to) },
      {
        kind: 'text',
        text: finishedWorkReleased
          ? 'Our editors finished your job. Download the edited photos from your dashboard, then approve them or ask for changes.'
          : releasedOncePaid('Our editors finished your job.'),
      },
      jobFacts(job),
    ],
    action: finishedWorkReleased ? { label: 'Download your photos', path: linkPaths.clientJobs } : payAction(job),
  }),
  imagesDelivered: ({ job, delivered, total }, to, { finishedWorkReleased }) => ({
    subject: jobSubject(job, `${delivered} of ${total} images delivered`),
    heading: `${delivered} of ${total} images are ready`,
    blocks: [
      { kind: 'text', text: greeting(to) },
      {
        kind: 'text',
        text: finishedWorkReleased
          ? `Our editors have delivered ${delivered} of the ${total} images of your job so far. ` +
            'You can look at them and download them now; we will write again when the whole job is ready.'
          : releasedOncePaid(`Our editors have delivered ${delivered} of the ${total} images of your job so far.`),
      },
      jobFacts(job),
    ],
    action: finishedWorkReleased ? { label: 'Open your jobs', path: linkPaths.clientJobs } : payAction(job),
  }),
  revisionCompleted: ({ job }, to, { finishedWorkReleased }) => ({
    subject: jobSubject(job, 'your revision is ready'),
    heading: 'Your revision is ready',
    blocks: [
      { kind: 'text', text: greeting(to) },
      {
        kind: 'text',
        text: finishedWorkReleased
          ? 'We finished the changes you asked for. Approve the delivery or ask for more changes.'
          : releasedOncePaid('We finished the changes you asked for.'),
      },
      jobFacts(job),
    ],
    action: finishedWorkReleased ? { label: 'Open your jobs', path: linkPaths.clientJobs } : payAction(job),
  }),
  paymentReturned: ({ job, returned }, to) => ({
    subject: jobSubject(job, 'your payment is refunded'),
    heading: 'Your payment is being refunded',
    blocks: [
      { kind: 'text', text: greeting(to) },
      {
        kind: 'text',
        text:
          returned.why === 'cancelled'
            ? 'A card payment arrived for this job after it was cancelled, so we did not accept it.'
            : 'A card payment arrived for this job after it had been paid already, so we did not accept it.',
      },
      {
        kind: 'text',
        text: returned.refused
          ? 'Our payment provider could not refund it automatically; the studio will refund it and contact you.'
          : 'The full amount goes back to the card you paid with; your bank shows it within a few days.',
      },
      { kind: 'facts', rows: [...jobFacts(job).rows, ['Amount', returned.amount]] },
    ],
    action: { label: 'Open your jobs', path: linkPaths.clientJobs },
  }),
  refundMade: ({ job, refund }, to) => ({
    subject: jobSubject(job, 'refund made'),
    heading: 'Your refund was made',
    blocks: [
      { kind: 'text', text: greeting(to) },
      {
        kind: 'text',
        text: `${formatCents(refund.amountCents, refund.currency)} went back to the card you paid with; your bank shows it within a few days. Its credit note, ${refund.creditNoteNumber}, is on the job's payment page.`,
      },
      {
        kind: 'facts',
        rows: [
          ...jobFacts(job).rows,
          ['Refunded', formatCents(refund.amountCents, refund.currency)],
          ['Refunded in all', formatCents(refund.refundedTotalCents, refund.currency)],
          ['Credit note', refund.creditNoteNumber],
        ],
      },
    ],
    action: { label: 'Download the credit note', path: linkPaths.jobPayment(job.id) },
  }),
  dueMoved: ({ job, dueAt }, to) => ({
    subject: jobSubject(job, 'new due time'),
    heading: 'The due time of your job moved',
    blocks: [
      { kind: 'text', text: greeting(to) },
      { kind: 'facts', rows: [...jobFacts(job).rows, ['New due time', `${dueAt.slice(0, 16).replace('T', ' ')} UTC`]] },
    ],
    action: { label: 'Open your jobs', path: linkPaths.clientJobs },
  }),
  cancellationDecided: ({ job, decision }, to) => ({
    subject: jobSubject(job, decision === 'CANCELLED' ? 'cancelled' : 'cancellation declined'),
    heading: decision === 'CANCELLED' ? 'Your job was cancelled' : 'Your job was not cancelled',
    blocks: [
      { kind: 'text', text: greeting(to) },
      {
        kind: 'text',
        text:
          decision === 'CANCELLED'
            ? 'This job is cancelled and will not be worked on. If you paid for it by card, the whole payment is being refunded to your card: you get an e-mail when the refund is made, and its credit note is on the job. If you paid by bank transfer, the studio sends the money back the same way.'
            : 'We could not cancel this job; the work goes on. Reply to your studio contact if you have questions.',
      },
      jobFacts(job),
    ],
    action: { label: 'Open your jobs', path: linkPaths.clientJobs },
  }),
  newJob: ({ job }) => ({
    subject: jobSubject(job, 'new job'),
    heading: 'A new job came in',
    blocks: [jobFacts(job, true), { kind: 'text', text: 'Assign an editor on the assign page.' }],
    action: { label: 'Open the jobs', path: linkPaths.editJob },
  }),
  newPaidJob: ({ job, receipt }) => ({
    subject: jobSubject(job, 'paid'),
    heading: 'A job was paid',
    blocks: [
      { kind: 'facts', rows: [...jobFacts(job).rows, ['Paid', formatCents(receipt.amountCents, receipt.currency)]] },
    ],
    action: { label: 'Open the jobs', path: linkPaths.editJob },
  }),
  paymentReturnedManager: ({ job, returned }) => ({
    subject: jobSubject(job, returned.refused ? 'payment to refund by hand' : 'payment refunded'),
    heading: returned.refused
      ? 'A payment could not be refunded automatically'
      : 'A payment for a job that could not be paid was refunded',
    blocks: [
      {
        kind: 'facts',
        rows: [
          ...jobFacts(job).rows,
          ['Amount', returned.amount],
          ['Why', returned.why === 'cancelled' ? 'The job was cancelled' : 'The job was paid already'],
        ],
      },
      {
        kind: 'text',
        text: returned.refused
          ? `Stripe refused the refund (${returned.refused}). Refund it in the Stripe Dashboard.`
          : 'The card payment arrived through Stripe and was refunded in full automatically. The job was not marked paid by it.',
      },
    ],
    action: { label: 'Open the jobs', path: linkPaths.editJob },
  }),
  newLead: ({ lead }) => ({
    subject: lead.kind === 'freeTrial' ? 'New free-trial request' : 'New contact request',
    heading: lead.kind === 'freeTrial' ? 'A free-trial request came in' : 'A contact request came in',
    blocks: [
      {
        kind: 'facts',
        rows: [
          ['Name', lead.name ?? '(not given)'],
          ['E-mail', lead.email],
          ['Service', lead.service ?? '(not given)'],
        ],
      },
    ],
    action: { label: 'Open the leads', path: linkPaths.leads },
  }),
  revisionRequestedManager: ({ job, round, billable, review }) => ({
    subject: jobSubject(job, `${revisionName(round)!.toLowerCase()} requested`),
    heading: 'A client asked for a revision',
    blocks: [
      { kind: 'facts', rows: [...jobFacts(job).rows, ['Revision', String(round - 1)], ...reviewRows(review)] },
      {
        kind: 'text',
        text: billable
          ? 'This round is beyond the free revision rounds: bill it.'
          : 'This round is within the free revision rounds.',
      },
    ],
    action: { label: 'Open the jobs', path: linkPaths.editJob },
  }),
  jobOverdue: ({ job }) => ({
    subject: jobSubject(job, 'overdue'),
    heading: 'A job is overdue',
    blocks: [jobFacts(job), { kind: 'text', text: 'Its due time has passed and it is not delivered yet.' }],
    action: { label: 'Open the jobs', path: linkPaths.editJob },
  }),
  jobAssigned: ({ job }, to) => ({
    subject: jobSubject(job, 'assigned to you'),
    heading: 'A job was assigned to you',
    blocks: [{ kind: 'text', text: greeting(to) }, jobFacts(job)],
    action: { label: 'Open your jobs', path: linkPaths.editorJobs },
  }),
  revisionRequestedEditor: ({ job, round, review }, to) => ({
    subject: jobSubject(job, `${revisionName(round)!.toLowerCase()} requested`),
    heading: 'The client asked for a revision',
    blocks: [
      { kind: 'text', text: greeting(to) },
      { kind: 'facts', rows: [...jobFacts(job).rows, ['Revision', String(round - 1)], ...reviewRows(review)] },
      {
        kind: 'text',
        text: review
          ? "The images sent back are on the job in your list, with the client's comments and marks on each."
          : "The client's notes and reference images are on the job in your list.",
      },
    ],
    action: { label: 'Open your jobs', path: linkPaths.editorJobs },
  }),
  jobApproved: ({ job, by }, to) => ({
    subject: jobSubject(job, by === 'auto' ? 'approved automatically' : 'approved by the client'),
    heading: by === 'auto' ? 'Your work was approved automatically' : 'The client approved your work',
    blocks: [
      { kind: 'text', text: greeting(to) },
      jobFacts(job),
      ...(by === 'auto'
        ? [{ kind: 'text' as const, text: 'The client did not answer the delivery in time, so it is approved.' }]
        : []),
    ],
    action: { label: 'Open your jobs', path: linkPaths.editorJobs },
  }),
  jobApprovedManager: ({ job, by }) => ({
    subject: jobSubject(job, by === 'auto' ? 'approved automatically' : 'approved by the client'),
    heading: by === 'auto' ? 'A delivery was approved automatically' : 'A client approved a delivery',
    blocks: [jobFacts(job), { kind: 'text', text: 'The job is completed.' }],
    action: { label: 'Open the jobs', path: linkPaths.editJob },
  }),
  cancellationRequested: ({ job, reason }) => ({
    subject: jobSubject(job, 'cancellation requested'),
    heading: 'A client asked to cancel a job',
    blocks: [
      { kind: 'facts', rows: [...jobFacts(job, true).rows, ['Reason', reason || '(none given)']] },
      { kind: 'text', text: 'Accept or decline the request on the job. A paid job is refunded by a super-admin.' },
    ],
    action: { label: 'Open the jobs', path: linkPaths.editJob },
  }),
  dueMovedEditor: ({ job, dueAt }, to) => ({
    subject: jobSubject(job, 'new due time'),
    heading: 'The due time of your job moved',
    blocks: [
      { kind: 'text', text: greeting(to) },
      { kind: 'facts', rows: [...jobFacts(job).rows, ['New due time', `${dueAt.slice(0, 16).replace('T', ' ')} UTC`]] },
    ],
    action: { label: 'Open your jobs', path: linkPaths.editorJobs },
  }),
  newApplication: ({ application }) => ({
    subject: 'New job application',
    heading: 'A job application came in',
    blocks: [
      {
        kind: 'facts',
        rows: [
          ['Applicant', application.fullName],
          ['Opening', application.openingTitle],
        ],
      },
    ],
    action: { label: 'Review applications', path: linkPaths.applications },
  }),
  staffInvited: ({ invitee }, to) => ({
    subject: 'Welcome to the studio console',
    heading: 'Welcome to the studio console',
    blocks: [
      { kind: 'text', text: greeting(to) },
      {
        kind: 'text',
        text: `You were invited as ${invitee.role}. A separate e-mail brings your temporary password; sign in with it and choose your own.`,
      },
    ],
    action: { label: 'Sign in to the console', path: linkPaths.staffSignIn },
  }),
  organisationInvitation: ({ invitation }, to) => ({
    // Names people typed stay out of the subject (it is not made inert like the blocks).
    subject: `You are invited to join an organisation at ${studioName}`,
    heading: `Join ${invitation.organisationName}`,
    blocks: [
      { kind: 'text', text: greeting(to) },
      {
        kind: 'text',
        text: `${invitation.invitedByName || 'An owner'} invited you to join the organisation ${invitation.organisationName} at ${studioName} as ${invitation.role}. New to ${studioName}? Sign up with this e-mail address through the link below, then accept.`,
      },
      {
        kind: 'facts',
        rows: [
          ['Organisation', invitation.organisationName],
          ['Invited by', invitation.invitedByName || 'An owner'],
          ['Role', invitation.role],
          ['Valid until', `${invitation.expiresAt.slice(0, 16).replace('T', ' ')} UTC`],
        ],
      },
    ],
    action: { label: 'See the invitation', path: linkPaths.invitation(invitation.id) },
  }),
  webhookDisabled: ({ webhook }, to) => ({
    subject: 'A webhook of your organisation was turned off',
    heading: 'A webhook was turned off',
    blocks: [
      { kind: 'text', text: greeting(to) },
      {
        kind: 'text',
        text: `Every event sent to this webhook failed for more than 3 days, so it was turned off and no more events are sent to it. Once the receiver answers again, an owner can turn the webhook on in the portal or through the API.`,
      },
      {
        kind: 'facts',
        rows: [
          ['Webhook URL', webhook.url],
          ['Failing since', `${webhook.failingSince.slice(0, 16).replace('T', ' ')} UTC`],
        ],
      },
    ],
    action: { label: 'Open the portal', path: linkPaths.clientJobs },
  }),
  signUpAttempt: ({ account }, to) => ({
    subject: 'Someone tried to sign up with your e-mail',
    heading: 'You already have an account',
    blocks: [
      { kind: 'text', text: greeting(to) },
      {
        kind: 'text',
        text: `Someone, perhaps you, tried to create an account at ${studioName} with this e-mail address. You already have an account, so nothing was created.`,
      },
      {
        kind: 'text',
        text: account.staff
          ? 'Staff members sign in on the staff sign-in page.'
          : 'Sign in with your password, or use "Forgot Password?" on the sign-in page to choose a new one.',
      },
      { kind: 'text', text: 'If it was not you, you can ignore this message: your account has not changed.' },
    ],
    action: account.staff
      ? { label: 'Staff sign-in', path: linkPaths.staffSignIn }
      : { label: 'Sign in', path: linkPaths.clientSignIn },
  }),
};

/**
 * The content of one notification for one recipient. Without a context, the finished work counts
 * as not released: a delivery e-mail then asks for payment rather than promise a download.
 */
export function emailContent(
  key: NotificationKey,
  event: OutboxEvent,
  to: Recipient,
  context: TemplateContext = { finishedWorkReleased: false },
): EmailContent {
  if (notifications[key].event !== event.event) throw new Error(`${key} is not about ${event.event}`);
  return (templates[key] as (event: OutboxEvent, to: Recipient, context: TemplateContext) => EmailContent)(
    event,
    to,
    context,
  );
}
