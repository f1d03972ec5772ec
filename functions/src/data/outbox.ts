import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Currency } from '@studio/shared/currency';
import type { Job, JobStatus } from '@studio/shared/job';
import type { OrganisationRole } from '@studio/shared/organisation';
import { deliveryStatuses, outboxEvents, outboxItemType, type OutboxEventName } from '@studio/shared/notifications';
import { tableDefinition, type StaffRole } from '@studio/shared/platform';
import { ulid } from 'ulid';
import * as z from 'zod/mini';
import { documentClient } from '../lib/dynamo.ts';
import { isConditionFailed } from '../lib/dynamo-errors.ts';
import { keyNames, outboxKey, tableName, undeliveredIndexKeys, undeliveredPartition } from './keys.ts';
import { storedItemReader } from './stored-items.ts';
import { newItemPut } from './transactions.ts';

/*
 * The transactional outbox (docs/data-model.md, "Outbox item"). A write that others must hear about
 * adds `outboxItem(event)` to its own transaction, so the event exists exactly when the write
 * does. The notifier (functions/src/notifier) reads new outbox items from the table's stream and
 * moves each through PENDING -> SENDING (claimed) -> SENT, or FAILED once every attempt failed.
 *   Outbox  PK OUTBOX#<id>  SK OUTBOX   GSI1 OUTBOX#FAILED / <failedAt>#<id> (only while FAILED)
 */

/** What an e-mail about a job needs to know, copied when the event happens. */
export interface JobSnapshot {
  id: string;
  /** The number people quote: the job's `jobNumber` (#15), else (jobs older than numbers) from its id. */
  number: string;
  clientId: string;
  /** The organisation the job belongs to (#35), for its webhooks (#36); null for a job from before. */
  organisationId?: string | null;
  editorId: string | null;
  serviceName: string;
  numberOfPhotos: number;
  totalCents: number;
  currency: Currency;
  status: JobStatus;
}

export type OutboxEvent =
  | {
      event: 'job.created' | 'job.assigned' | 'job.delivered' | 'job.revisionCompleted' | 'job.overdue';
      job: JobSnapshot;
    }
  /** Issue 17: the round the request opened (2 for the first), and whether it is beyond the free rounds. */
  | {
      event: 'job.revisionRequested';
      job: JobSnapshot;
      round: number;
      billable: boolean;
      /** Issue 34: a job with images sends back the images rejected ("12 approved, 2 sent back"). */
      review?: { approved: number; sentBack: number };
    }
  /** Issue 17: approved by the client, or automatically after the studio's days without an answer. */
  | { event: 'job.approved'; job: JobSnapshot; by: 'client' | 'auto' }
  | { event: 'job.cancellationRequested'; job: JobSnapshot; reason: string }
  /** Issue 33: a digest of the images released since the last one: `delivered` of the job's `total`. */
  | { event: 'job.imagesDelivered'; job: JobSnapshot; delivered: number; total: number }
  | { event: 'job.paid'; job: JobSnapshot; receipt: { amountCents: number; currency: Currency; paidAt: string } }
  | { event: 'job.dueMoved'; job: JobSnapshot; dueAt: string }
  | { event: 'job.cancellationDecided'; job: JobSnapshot; decision: 'CANCELLED' | 'REFUSED' }
  /** #36: the client cancelled a job nobody had started (no request, no e-mail; webhooks hear of it). */
  | { event: 'job.cancelled'; job: JobSnapshot }
  /**
   * #36: one change released these images to the client (their ids, at most the ~90 images of one
   * image transaction), for the `image.delivered` webhook. The e-mail digest is a separate event.
   */
  | { event: 'job.imagesReleased'; job: JobSnapshot; imageIds: string[] }
  /** #36: a webhook that failed every delivery for 3 days was turned off; its organisation's OWNERs are told. */
  | {
      event: 'webhook.disabled';
      webhook: { id: string; organisationId: string; url: string; failingSince: string };
    }
  /**
   * A card payment for a job that could no longer be paid (cancelled, or paid already), sent back
   * through Stripe: what arrived (formatted), why it was not accepted, and whether Stripe took the
   * refund (`refused`: its reason, for staff to refund by hand).
   */
  | {
      event: 'job.paymentReturned';
      job: JobSnapshot;
      returned: { amount: string; why: 'cancelled' | 'paid'; refused: string | null };
    }
  /**
   * A refund Stripe confirmed (#40): the client is told what came back, and the credit note's
   * number (the note is on the job's page).
   */
  | {
      event: 'job.refunded';
      job: JobSnapshot;
      refund: { amountCents: number; currency: Currency; refundedTotalCents: number; creditNoteNumber: string };
    }
  | {
      event: 'lead.received';
      lead: { id: string; kind: 'contact' | 'freeTrial'; name: string | null; email: string; service: string | null };
    }
  | { event: 'application.received'; application: { id: string; fullName: string; openingTitle: string } }
  | { event: 'staff.invited'; invitee: { userId: string; email: string; name: string; role: StaffRole } }
  /** #35: an e-mail invited into an organisation; the link is the invitation's page. */
  | {
      event: 'organisation.invited';
      invitation: {
        id: string;
        organisationId: string;
        organisationName: string;
        email: string;
        role: OrganisationRole;
        invitedByName: string;
        expiresAt: string;
      };
    }
  | { event: 'account.signUpAttempt'; account: { userId: string; email: string; name: string; staff: boolean } };

// Every event name has its data shape above, and every shape names a known event.
type Missing = Exclude<OutboxEventName, OutboxEvent['event']>;
const allEventsHaveData: Missing extends never ? true : Missing = true;
void allEventsHaveData;

const isKnownEvent = (value: unknown): value is OutboxEvent =>
  typeof value === 'object' &&
  value !== null &&
  (outboxEvents as readonly unknown[]).includes((value as { event?: unknown }).event);

/**
 * The outbox item's attributes, declared once: `OutboxItem` is their type, and every read (a Get,
 * a claim, the undelivered list, the webhook dispatcher's stream records) goes through
 * `outboxItemOf` (stored-items.ts). The event's data is written only by `outboxItem`, typed by
 * `OutboxEvent`; read back, its name is checked (the notifier and the dispatcher choose by it).
 */
const outboxItemFields = {
  id: z.string(),
  type: z.literal(outboxItemType),
  event: z.custom<OutboxEvent>(isKnownEvent, 'not an event the outbox knows'),
  status: z.enum(deliveryStatuses),
  /** Tries so far, counted by each claim. */
  attempts: z.number(),
  /** Addresses already sent to, so a retry sends only to the others. */
  sentTo: z.optional(z.set(z.string())),
  /** Until when the current claim holds (epoch ms); another claim waits for it to pass. */
  claimedUntil: z.optional(z.number()),
  lastError: z.optional(z.string()),
  /** Addresses not reached, once FAILED. */
  undelivered: z.optional(z.array(z.string())),
  createdAt: z.string(),
  sentAt: z.optional(z.string()),
  failedAt: z.optional(z.string()),
};

export type OutboxItem = z.infer<z.ZodMiniObject<typeof outboxItemFields>>;

/** An outbox item as read from the table, parsed; a `StoredItemError` if it is not one. */
export const outboxItemOf = storedItemReader('outbox item', outboxItemFields);

/** How long sent outbox items are kept (table TTL on `expiresAt`). */
const keepSentDays = 30;

/** A job's number as e-mails show it: its `jobNumber` (issue 15), else, for a job older than numbers, from its id. */
export function jobNumberOf(job: Pick<Job, 'id'> & { jobNumber?: string | null }): string {
  if (job.jobNumber !== undefined && job.jobNumber !== null && job.jobNumber !== '') return String(job.jobNumber);
  return job.id.slice(-8).toUpperCase();
}

/** The part of a job an e-mail about it uses. */
export function jobSnapshot(job: Job): JobSnapshot {
  return {
    id: job.id,
    number: jobNumberOf(job),
    clientId: job.clientId,
    organisationId: job.organisationId ?? null,
    editorId: job.editorId,
    serviceName: job.serviceName,
    numberOfPhotos: job.numberOfPhotos,
    totalCents: job.totalCents,
    currency: job.currency,
    status: job.status,
  };
}

/**
 * The outbox item of an event, as a transaction part: the write that causes the event adds
 * `outboxItem(event)` to its own `TransactItems`, so both happen or neither.
 */
export function outboxItem(event: OutboxEvent, now = new Date()) {
  const id = ulid(now.getTime());
  const item: OutboxItem = {
    id,
    type: outboxItemType,
    event,
    status: 'PENDING',
    attempts: 0,
    createdAt: now.toISOString(),
  };
  return { Put: newItemPut({ ...item, ...outboxKey(id) }) };
}

/**
 * For an event whose cause is not a table write (a Cognito account created): the outbox item
 * alone, written right after the cause succeeded.
 */
export async function putOutboxItem(event: OutboxEvent, now = new Date()): Promise<void> {
  await documentClient.send(new PutCommand(outboxItem(event, now).Put));
}

export async function getOutboxItem(id: string): Promise<OutboxItem | null> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: outboxKey(id), ConsistentRead: true }),
  );
  return result.Item ? outboxItemOf(result.Item) : null;
}

/**
 * Claims an item for sending: PENDING, or SENDING whose claim has run out (a notifier that died
 * mid-send). Counts the attempt. Answers the claimed item, or null when it is already sent,
 * failed, claimed by another run, or not there: then nothing must be sent.
 */
export async function claimOutboxItem(id: string, leaseMs: number, now = Date.now()): Promise<OutboxItem | null> {
  try {
    const result = await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: outboxKey(id),
        UpdateExpression: 'SET #status = :sending, #claimedUntil = :until ADD #attempts :one',
        ConditionExpression:
          'attribute_exists(#pk) AND (#status = :pending OR (#status = :sending AND #claimedUntil < :now))',
        ExpressionAttributeNames: {
          '#pk': keyNames.pk,
          '#status': 'status',
          '#claimedUntil': 'claimedUntil',
          '#attempts': 'attempts',
        },
        ExpressionAttributeValues: {
          ':sending': 'SENDING',
          ':pending': 'PENDING',
          ':until': now + leaseMs,
          ':now': now,
          ':one': 1,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return outboxItemOf(result.Attributes ?? {});
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
}

/** Notes one address as sent, the moment SES accepted the message. */
export async function recordSentTo(id: string, email: string): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: outboxKey(id),
      UpdateExpression: 'ADD #sentTo :email',
      ExpressionAttributeNames: { '#sentTo': 'sentTo' },
      ExpressionAttributeValues: { ':email': new Set([email]) },
    }),
  );
}

/** Every recipient is served: the item is done, and expires from the table in a month. */
export async function markOutboxSent(id: string, now = new Date()): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: outboxKey(id),
      UpdateExpression: 'SET #status = :sent, #sentAt = :now, #expiresAt = :expires REMOVE #claimedUntil',
      ExpressionAttributeNames: {
        '#status': 'status',
        '#sentAt': 'sentAt',
        '#expiresAt': tableDefinition.ttlAttribute,
        '#claimedUntil': 'claimedUntil',
      },
      ExpressionAttributeValues: {
        ':sent': 'SENT',
        ':now': now.toISOString(),
        ':expires': Math.floor(now.getTime() / 1000) + keepSentDays * 86_400,
      },
    }),
  );
}

/** An attempt failed and another is due: back to PENDING, so the stream's retry can claim it again. */
export async function releaseOutboxItem(id: string, error: string): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: outboxKey(id),
      UpdateExpression: 'SET #status = :pending, #lastError = :error REMOVE #claimedUntil',
      ExpressionAttributeNames: { '#status': 'status', '#lastError': 'lastError', '#claimedUntil': 'claimedUntil' },
      ExpressionAttributeValues: { ':pending': 'PENDING', ':error': error.slice(0, 500) },
    }),
  );
}

/**
 * Every attempt failed: FAILED, listed for staff as not delivered (GSI1 `OUTBOX#FAILED`). The
 * item is kept until someone deals with it.
 */
export async function markOutboxFailed(
  id: string,
  error: string,
  undelivered: string[],
  now = new Date(),
): Promise<void> {
  const failedAt = now.toISOString();
  const index = undeliveredIndexKeys(id, failedAt);
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: outboxKey(id),
      UpdateExpression:
        'SET #status = :failed, #lastError = :error, #failedAt = :now, #undelivered = :undelivered, ' +
        '#gsi1pk = :gsi1pk, #gsi1sk = :gsi1sk REMOVE #claimedUntil',
      ExpressionAttributeNames: {
        '#status': 'status',
        '#lastError': 'lastError',
        '#failedAt': 'failedAt',
        '#undelivered': 'undelivered',
        '#claimedUntil': 'claimedUntil',
        '#gsi1pk': keyNames.gsi1.partitionKey,
        '#gsi1sk': keyNames.gsi1.sortKey,
      },
      ExpressionAttributeValues: {
        ':failed': 'FAILED',
        ':error': error.slice(0, 500),
        ':now': failedAt,
        ':undelivered': undelivered,
        ':gsi1pk': index[keyNames.gsi1.partitionKey],
        ':gsi1sk': index[keyNames.gsi1.sortKey],
      },
    }),
  );
}

/** Outbox items not delivered after every retry, newest first (up to `limit`). */
export async function listUndelivered(limit = 100): Promise<OutboxItem[]> {
  const result = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: keyNames.gsi1.name,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': keyNames.gsi1.partitionKey },
      ExpressionAttributeValues: { ':pk': undeliveredPartition },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (result.Items ?? []).map(outboxItemOf);
}
