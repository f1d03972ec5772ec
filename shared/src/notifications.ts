import * as z from 'zod/mini';
import { siteUrlEnvName } from './platform.ts';
import type { Principal } from './access.ts';

/*
 * E-mail notifications (issue 18). A write that others must hear about puts an outbox item in its
 * own transaction (functions/src/data/outbox.ts); the notifier reads it from the table's stream,
 * sends one e-mail per recipient and marks the item sent. This module is the catalogue both sides
 * and the web app read: which events exist, who receives what, and which of those e-mails a
 * person may turn off. Plain data and schemas only.
 */

/** The events an outbox item can carry. */
export const outboxEvents = [
  'job.created',
  'job.paid',
  'job.assigned',
  'job.delivered',
  'job.revisionRequested',
  'job.revisionCompleted',
  'job.approved',
  'job.dueMoved',
  'job.overdue',
  'job.cancellationDecided',
  'lead.received',
  'application.received',
  'staff.invited',
  'account.signUpAttempt',
  'job.cancellationRequested',
  'job.imagesDelivered',
  'job.paymentReturned',
  'job.refunded',
  'organisation.invited',
  'job.cancelled',
  'job.imagesReleased',
  'webhook.disabled',
] as const;
export type OutboxEventName = (typeof outboxEvents)[number];

/**
 * Who receives a notification: the job's client, its assigned editor, a staff group, the invitee, or
 * the owner of the account an event names (a sign-up attempt with an e-mail in use, #19).
 */
export type Audience =
  | 'client'
  | 'editor'
  | 'MANAGER'
  | 'SUPER_ADMIN'
  | 'invitee'
  | 'accountOwner'
  /** #36: the OWNERs of the organisation an event names. */
  | 'organisationOwner';

export interface NotificationDefinition {
  /** What it is about. */
  event: OutboxEventName;
  audience: Audience;
  /** Shown on the preferences page. */
  label: string;
  /** Transactional: always sent, never offered as a switch (receipts, order confirmations, invitations). */
  essential: boolean;
}

/**
 * Every e-mail the product sends, by key. One event can reach several audiences, each with its
 * own template and its own switch (a new job: the client's confirmation, the managers' notice).
 */
export const notifications = {
  jobReceived: { event: 'job.created', audience: 'client', label: 'Your job was received', essential: true },
  paymentReceived: { event: 'job.paid', audience: 'client', label: 'Payment receipt', essential: true },
  jobDelivered: { event: 'job.delivered', audience: 'client', label: 'Your photos are ready', essential: false },
  imagesDelivered: {
    event: 'job.imagesDelivered',
    audience: 'client',
    label: 'Some of your images are ready (at most one e-mail an hour per job)',
    essential: false,
  },
  revisionCompleted: {
    event: 'job.revisionCompleted',
    audience: 'client',
    label: 'A revision is ready',
    essential: false,
  },
  dueMoved: { event: 'job.dueMoved', audience: 'client', label: 'The due time of a job moved', essential: false },
  cancellationDecided: {
    event: 'job.cancellationDecided',
    audience: 'client',
    label: 'A cancellation was decided',
    essential: true,
  },
  newJob: { event: 'job.created', audience: 'MANAGER', label: 'A new job came in', essential: false },
  newPaidJob: { event: 'job.paid', audience: 'MANAGER', label: 'A job was paid', essential: false },
  newLead: { event: 'lead.received', audience: 'MANAGER', label: 'A new lead came in', essential: false },
  revisionRequestedManager: {
    event: 'job.revisionRequested',
    audience: 'MANAGER',
    label: 'A client asked for a revision',
    essential: false,
  },
  jobOverdue: { event: 'job.overdue', audience: 'MANAGER', label: 'A job is overdue', essential: false },
  jobAssigned: { event: 'job.assigned', audience: 'editor', label: 'A job was assigned to you', essential: false },
  revisionRequestedEditor: {
    event: 'job.revisionRequested',
    audience: 'editor',
    label: 'A client asked for a revision of your job',
    essential: false,
  },
  jobApproved: {
    event: 'job.approved',
    audience: 'editor',
    label: 'A client approved your work',
    essential: false,
  },
  jobApprovedManager: {
    event: 'job.approved',
    audience: 'MANAGER',
    label: 'A client approved a delivery (or it was approved automatically)',
    essential: false,
  },
  cancellationRequested: {
    event: 'job.cancellationRequested',
    audience: 'MANAGER',
    label: 'A client asked to cancel a job',
    essential: false,
  },
  dueMovedEditor: {
    event: 'job.dueMoved',
    audience: 'editor',
    label: 'The due time of your job moved',
    essential: false,
  },
  newApplication: {
    event: 'application.received',
    audience: 'SUPER_ADMIN',
    label: 'A new job application came in',
    essential: false,
  },
  /**
   * A card payment that arrived for a job no longer payable (cancelled, or paid already by another
   * payment) was refunded: the client is told its money goes back, the managers that it happened
   * (and to act when the automatic refund was refused).
   */
  paymentReturned: {
    event: 'job.paymentReturned',
    audience: 'client',
    label: 'A payment we could not accept was refunded',
    essential: true,
  },
  paymentReturnedManager: {
    event: 'job.paymentReturned',
    audience: 'MANAGER',
    label: 'A payment for a job that could no longer be paid was refunded',
    essential: true,
  },
  /** A refund Stripe confirmed (#40): what came back, and its credit note. */
  refundMade: { event: 'job.refunded', audience: 'client', label: 'Your refund was made', essential: true },
  staffInvited: { event: 'staff.invited', audience: 'invitee', label: 'Your staff invitation', essential: true },
  /** An invitation into a client's organisation (#35), with its link. */
  organisationInvitation: {
    event: 'organisation.invited',
    audience: 'invitee',
    label: 'An invitation to join an organisation',
    essential: true,
  },
  /** #36: a webhook failing for 3 days was turned off. */
  webhookDisabled: {
    event: 'webhook.disabled',
    audience: 'organisationOwner',
    label: 'A webhook of your organisation was turned off',
    essential: true,
  },
  signUpAttempt: {
    event: 'account.signUpAttempt',
    audience: 'accountOwner',
    label: 'Someone tried to sign up with your e-mail',
    essential: true,
  },
} as const satisfies Record<string, NotificationDefinition>;

export type NotificationKey = keyof typeof notifications;
export const notificationKeys = Object.keys(notifications) as NotificationKey[];

/** The notifications an event sends, in catalogue order. */
export function notificationsOf(event: OutboxEventName): NotificationKey[] {
  return notificationKeys.filter((key) => notifications[key].event === event);
}

/** Which audiences a signed-in principal belongs to, for its preferences page. */
const audiencesOf: Record<Principal, readonly Audience[]> = {
  CLIENT: ['client', 'organisationOwner'],
  EDITOR: ['editor'],
  MANAGER: ['MANAGER'],
  SUPER_ADMIN: ['SUPER_ADMIN'],
};

/** The e-mails a principal can receive and may switch off (essential ones are not switches). */
export function optionalNotificationsFor(principal: Principal): NotificationKey[] {
  return notificationKeys.filter(
    (key) => !notifications[key].essential && audiencesOf[principal].includes(notifications[key].audience),
  );
}

/** The e-mails a principal always receives. */
export function essentialNotificationsFor(principal: Principal): NotificationKey[] {
  return notificationKeys.filter(
    (key) => notifications[key].essential && audiencesOf[principal].includes(notifications[key].audience),
  );
}

const notificationKeySchema = z.enum(notificationKeys as [NotificationKey, ...NotificationKey[]]);

/** One row of the preferences page. */
export const notificationPreferenceSchema = z.object({
  key: notificationKeySchema,
  label: z.string(),
  essential: z.boolean(),
  enabled: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/**
 * A principal's preferences page: essential e-mails first (always on), then the switches, on unless
 * listed in `off`. The API answers these; the web shows them for the role while the answer loads.
 */
export function notificationPreferencesFor(
  principal: Principal,
  off: ReadonlySet<NotificationKey> = new Set(),
): NotificationPreference[] {
  const row = (key: NotificationKey, essential: boolean): NotificationPreference => ({
    key,
    label: notifications[key].label,
    essential,
    enabled: essential || !off.has(key),
  });
  return [
    ...essentialNotificationsFor(principal).map((key) => row(key, true)),
    ...optionalNotificationsFor(principal).map((key) => row(key, false)),
  ];
}

/** `GET` / `PUT api/notification-preferences`: the caller's e-mails, essential ones first. */
export const notificationPreferencesResponseSchema = z.object({
  preferences: z.array(notificationPreferenceSchema),
});
export type NotificationPreferencesResponse = z.infer<typeof notificationPreferencesResponseSchema>;

/** `PUT api/notification-preferences`: switches by key; keys left out keep their setting. */
export const updateNotificationPreferencesBodySchema = z.strictObject({
  preferences: z.partialRecord(notificationKeySchema, z.boolean()),
});
export type UpdateNotificationPreferencesBody = z.infer<typeof updateNotificationPreferencesBodySchema>;

export const deliveryStatuses = ['PENDING', 'SENDING', 'SENT', 'FAILED'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** An e-mail that could not be delivered after every retry, for the staff view. */
export const undeliveredEmailSchema = z.object({
  id: z.string(),
  event: z.enum(outboxEvents),
  /** What it was about: `Job RS-000123`, `Lead from Ana`, ... */
  subject: z.string(),
  /** The addresses it did not reach. */
  recipients: z.array(z.string()),
  attempts: z.number(),
  lastError: z.string(),
  createdAt: z.string(),
  failedAt: z.string(),
});
export type UndeliveredEmail = z.infer<typeof undeliveredEmailSchema>;

export const listUndeliveredEmailsResponseSchema = z.object({ emails: z.array(undeliveredEmailSchema) });

/** The `type` of an outbox item, which the stream filter selects on. */
export const outboxItemType = 'Outbox';

/**
 * The event-source filter of the notifier: new outbox items only (the notifier's own updates and
 * every other item are left out). Lambda's filter syntax; the CDK stack passes it to the event
 * source mapping and the local stream reader applies the same pattern.
 */
export const outboxStreamFilter = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { type: { S: [outboxItemType] } } },
} as const;

/** Settings the notifier reads beside the handler configuration; the stack and the local stack set them. */
export const notifierEnvNames = {
  /** Public origin of the site, for absolute links in e-mails: `https://studio.example` (as Stripe's return, #16). */
  siteUrl: siteUrlEnvName,
  /** The From address, on the verified SES identity: `Retouch Studio <notifications@studio.example>`. */
  mailFrom: 'MAIL_FROM',
  /** SES configuration set the notifier sends through (optional locally). */
  mailConfigurationSet: 'MAIL_CONFIGURATION_SET',
  /** How many times a failing e-mail is tried before it is marked not delivered. */
  maxSendAttempts: 'MAX_SEND_ATTEMPTS',
  /**
   * Pause before a failed try is reported, doubling with each try (at most 30 s). On AWS this is
   * the backoff between the stream's retries; locally the stream reader backs off itself (0).
   */
  retryPauseMs: 'RETRY_PAUSE_MS',
} as const;

/** The studio's name in e-mails. */
export const studioName = 'Retouch Studio';
