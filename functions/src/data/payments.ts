import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Job } from '@studio/shared/job';
import type { HistoryActor, HistoryEntry } from '@studio/shared/payment';
import { ulid } from 'ulid';
import { documentClient } from '../lib/dynamo.ts';
import { isConditionFailed } from '../lib/dynamo-errors.ts';
import { needsMarkerWrites } from './job-needs.ts';
import { historyItemOf, type HistoryItem } from './job-timeline.ts';
import { paymentChangeEvents } from './job-events.ts';
import { dueAtFrom, toJob, type JobItem, type PaymentItem } from './jobs.ts';
import {
  jobHistoryKey,
  jobHistorySortKeyPrefix,
  jobKey,
  jobPartition,
  keyNames,
  openJobIndexClauses,
  stripeEventKey,
  stripePaymentKey,
  tableName,
  updateExpression,
} from './keys.ts';
import { creditNoteWrites, type CreditNoteFacts } from './credit-notes.ts';
import { jobSnapshot, outboxItem, type OutboxEvent } from './outbox.ts';
import { newItemPut, transact, withRetry } from './transactions.ts';
import { creditNoteNumbers, takeYearlyNumber, voidYearlyNumber } from './yearly-numbers.ts';

/*
 * Payment changes (docs/data-model.md, patterns 28-31). Every change of a job's payment is one
 * transaction over the job (conditional on its `updatedAt` as read, so two changes never overwrite
 * each other unseen) and one new history entry under the job (who, when, what); a Stripe event's
 * change also puts the event's id, so an event is applied once whatever Stripe resends. A change
 * that makes the job PAID puts the outbox item of `job.paid` (#18: the client's receipt, the
 * managers' notice) in the same transaction, last; a resent event changes nothing and puts none.
 *   History       PK JOB#<jobId>  SK HISTORY#<at>#<entryId>
 *   Stripe event  PK STRIPE_EVENT#<eventId>  SK STRIPE_EVENT  { type, jobId, outcome }
 *   Payment       PK STRIPE_PAYMENT#<paymentIntentId>  SK STRIPE_PAYMENT  { jobId, returned? }
 */

/** What a history entry says; the data layer adds id, time and keys. */
export interface HistoryInput {
  action: string;
  actor: HistoryActor;
  summary: string;
  /** Whatever else is worth keeping (amounts, provider ids, the reason of a refund). */
  details?: Record<string, unknown>;
}

/** A history entry as a transaction part; `kind` is `payment` here, others for #17's changes. */
export function historyPut(
  jobId: string,
  at: string,
  entry: HistoryInput,
  paymentStatus: string | null,
  kind = 'payment',
) {
  const id = ulid();
  const item: HistoryItem = {
    type: 'JobHistory',
    jobId,
    id,
    at,
    kind,
    action: entry.action,
    actor: entry.actor,
    summary: entry.summary,
    paymentStatus,
    details: entry.details ?? {},
  };
  return { Put: newItemPut({ ...jobHistoryKey(jobId, at, id), ...item }) };
}

/**
 * The due time a payment change sets (#17): when it makes the job PAID and the job has none yet
 * (a studio that starts work before payment set it at creation; a manager may have moved it), the
 * payment's time plus the turnaround's hours. Undefined: the due time stays as it is.
 */
function dueAtOnPayment(before: JobItem, payment: PaymentItem, now: string): string | undefined {
  if (payment.status !== 'PAID' || before.dueAt || !before.turnaround) return undefined;
  return dueAtFrom(payment.paidAt ?? now, before.turnaround) ?? undefined;
}

/** The job as it is after a payment change. */
function jobAfter(before: JobItem, payment: PaymentItem, now: string): JobItem {
  const dueAt = dueAtOnPayment(before, payment, now);
  return { ...before, payment, updatedAt: now, ...(dueAt ? { dueAt } : {}) };
}

/**
 * The job update of a payment change: the whole payment (and the due time it sets, #17), on
 * condition nothing changed since `before`.
 */
function paymentUpdate(before: JobItem, payment: PaymentItem, now: string) {
  const dueAt = dueAtOnPayment(before, payment, now);
  // A due time set by the payment moves the job among the open ones.
  const index = openJobIndexClauses(jobAfter(before, payment, now));
  return {
    Update: {
      TableName: tableName(),
      Key: jobKey(before.id),
      UpdateExpression: updateExpression(
        ['#payment = :payment', '#updatedAt = :now', ...(dueAt ? ['#dueAt = :dueAt'] : []), ...index.set],
        index.remove,
      ),
      ConditionExpression: 'attribute_exists(#pk) AND #updatedAt = :before',
      ExpressionAttributeNames: {
        '#pk': keyNames.pk,
        '#payment': 'payment',
        '#updatedAt': 'updatedAt',
        ...(dueAt ? { '#dueAt': 'dueAt' } : {}),
        ...index.names,
      },
      ExpressionAttributeValues: {
        ':payment': payment,
        ':now': now,
        ':before': before.updatedAt,
        ...(dueAt ? { ':dueAt': dueAt } : {}),
        ...index.values,
      },
    },
  };
}

/**
 * Writes a payment change computed from `before` and its history entry, in one transaction. A job
 * changed meanwhile fails the condition (thrown: the routes answer 409; callers that can decide
 * again read and retry).
 */
export async function writePaymentChange(
  before: JobItem,
  payment: PaymentItem,
  entry: HistoryInput,
  now = new Date().toISOString(),
): Promise<Job> {
  const after = toJob(jobAfter(before, payment, now));
  await transact([
    paymentUpdate(before, payment, now),
    historyPut(before.id, now, entry, payment.status),
    // Paid, or still to be paid (#40): the unpaid list follows the payment.
    ...needsMarkerWrites(toJob(before), after),
    ...paymentOutboxItems(before, after),
  ]);
  return after;
}

/** The outbox items of what a payment change means for others (job-events.ts). */
function paymentOutboxItems(before: JobItem, after: Job) {
  return paymentChangeEvents(toJob(before), after).map((event) => outboxItem(event));
}

/** A job's history, oldest first (pattern 31): read to the end, up to 1000 entries. */
export async function listJobHistory(jobId: string): Promise<HistoryEntry[]> {
  const entries: HistoryEntry[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': keyNames.pk, '#sk': keyNames.sk },
        ExpressionAttributeValues: { ':pk': jobPartition(jobId), ':prefix': jobHistorySortKeyPrefix },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const entry = historyItemOf(item);
      entries.push({
        id: entry.id,
        at: entry.at,
        kind: entry.kind,
        action: entry.action,
        actor: entry.actor,
        summary: entry.summary,
        paymentStatus: entry.paymentStatus,
      });
    }
    start = page.LastEvaluatedKey;
  } while (start && entries.length < 1000);
  return entries;
}

/** What a Stripe event does to its job, decided from the job as read. */
export type EventDecision =
  | {
      kind: 'apply';
      job: JobItem;
      payment: PaymentItem;
      entry: HistoryInput;
      /** The payment intent the event records: the job's payment, or one returned (refunded). */
      paymentIntentId?: string;
      returned?: boolean;
      /** Events beyond those the payment change itself causes (a returned payment's notices). */
      events?: OutboxEvent[];
      /** A refund confirmed: its credit note, numbered when written (#40, credit-notes.ts). */
      creditNote?: Omit<CreditNoteFacts, 'number' | 'issuedAt'>;
    }
  | { kind: 'ignore'; jobId: string | null; reason: string };

/**
 * Applies a Stripe event once (pattern 29). `decide` reads the job and says what the event does;
 * the change, its history entry and the event's id are one transaction. An event whose id is
 * stored already changes nothing (a resend). If the job changed between the read and the write
 * (another event for the same session at the same moment), the transaction fails and `decide`
 * runs again on the job as it is now, where the other event's change shows: of two events that
 * would both mark a job PAID, one does and the other is ignored. An ignored event's id is stored
 * too, so it is never looked at again.
 */
export async function applyStripeEvent(
  event: { id: string; type: string },
  decide: () => Promise<EventDecision>,
): Promise<'applied' | 'ignored'> {
  const eventItem = (jobId: string | null, outcome: string) =>
    newItemPut({
      ...stripeEventKey(event.id),
      type: 'StripeEvent',
      eventId: event.id,
      eventType: event.type,
      jobId,
      outcome,
      processedAt: new Date().toISOString(),
    });
  const seen = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: stripeEventKey(event.id), ConsistentRead: true }),
  );
  if (seen.Item) return 'ignored';
  try {
    return await withRetry(
      async () => {
        const decision = await decide();
        if (decision.kind === 'ignore') {
          // Stored or already there: either way the event is done with.
          await documentClient
            .send(new PutCommand(eventItem(decision.jobId, `ignored: ${decision.reason}`)))
            .catch((error: unknown) => {
              if (!isConditionFailed(error)) throw error;
            });
          return 'ignored';
        }
        const now = new Date().toISOString();
        const after = toJob(jobAfter(decision.job, decision.payment, now));
        // A confirmed refund's credit note takes its number first; a number whose write is then
        // refused is recorded as void (the sequence accounts for every number), and the next try
        // takes a new one.
        const creditNote = decision.creditNote
          ? {
              ...decision.creditNote,
              issuedAt: now,
              number: await takeYearlyNumber(creditNoteNumbers, new Date(now).getUTCFullYear(), {
                jobId: decision.job.id,
                createdAt: now,
              }),
            }
          : undefined;
        const writes = [
          paymentUpdate(decision.job, decision.payment, now),
          historyPut(decision.job.id, now, decision.entry, decision.payment.status),
          { Put: eventItem(decision.job.id, decision.entry.action) },
          ...(decision.paymentIntentId
            ? [
                {
                  Put: {
                    TableName: tableName(),
                    Item: {
                      ...stripePaymentKey(decision.paymentIntentId),
                      type: 'StripePayment',
                      paymentIntentId: decision.paymentIntentId,
                      jobId: decision.job.id,
                      ...(decision.returned ? { returned: true } : {}),
                    },
                  },
                },
              ]
            : []),
          // After the items above, so that item 2 stays the event's id: the unpaid list (#40)
          // follows the payment, and the outbox.
          ...needsMarkerWrites(toJob(decision.job), after),
          ...paymentOutboxItems(decision.job, after),
          ...(decision.events ?? []).map((extra) => outboxItem(extra)),
          ...(creditNote
            ? [
                ...creditNoteWrites(creditNote),
                outboxItem({
                  event: 'job.refunded',
                  job: jobSnapshot(after),
                  refund: {
                    amountCents: creditNote.amountCents,
                    currency: creditNote.currency,
                    refundedTotalCents: creditNote.refundedTotalCents,
                    creditNoteNumber: creditNote.number,
                  },
                }),
              ]
            : []),
        ];
        try {
          await transact(writes);
        } catch (error) {
          if (creditNote) {
            await voidYearlyNumber(creditNoteNumbers, creditNote.number, {
              jobId: decision.job.id,
              reason: `the write of Stripe event ${event.id} was refused`,
            });
          }
          throw error;
        }
        return 'applied';
      },
      // Item 0 is the job as read: changed meanwhile, decide again.
      { retryFailedConditionsAt: [0] },
    );
  } catch (error) {
    // Item 2 is the event's own id: the same event, delivered twice at once, was stored by the
    // other delivery, which applied it.
    if (isConditionFailed(error, 2)) return 'ignored';
    throw error;
  }
}

/** What the studio recorded of a Stripe payment intent: the job it paid, or was returned from. */
export async function paymentIntentRecord(
  paymentIntentId: string,
): Promise<{ jobId: string; returned: boolean } | null> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: stripePaymentKey(paymentIntentId), ConsistentRead: true }),
  );
  if (!result.Item) return null;
  return { jobId: result.Item.jobId as string, returned: result.Item.returned === true };
}

/** The job a Stripe payment intent paid, from the item written when it was marked PAID. */
export async function jobIdOfPaymentIntent(paymentIntentId: string): Promise<string | null> {
  return (await paymentIntentRecord(paymentIntentId))?.jobId ?? null;
}

/**
 * The job's next payment: the stored one (or a fresh one in the job's currency) with `change`
 * applied. Fields a change does not name (the checkout attempt, refunds asked) carry over.
 */
export function nextPayment(
  job: JobItem,
  change: Partial<PaymentItem> & Pick<PaymentItem, 'status' | 'updatedAt'>,
): PaymentItem {
  return { method: 'Credit/Debit Card', ...job.payment, currency: job.currency, ...change };
}

/** A refund reserved on its job, before Stripe is asked: what to refund and its history entry. */
export interface RefundReservation {
  jobId: string;
  amountCents: number;
  /** The job's refund count with this one: it names the refund's idempotency key at Stripe. */
  request: number;
  entry: { at: string; id: string };
}

/**
 * Reserves a refund on the job (pattern 55): adds the amount to the refunds asked and writes its
 * history entry, in one transaction, on condition that the refunds asked are still what was read
 * and the job is still refundable. Of refunds of one job asked at the same moment one reserves at
 * a time; the others fail the condition, read again and decide on what is left, so the refunds
 * asked never pass what was paid. The job's `updatedAt` moves too, so a payment change decided on
 * the job as it was (a `charge.refunded` event) decides again rather than write over the amount.
 */
export async function reserveRefund(
  before: JobItem,
  input: { amountCents: number; entry: HistoryInput },
  now = new Date().toISOString(),
): Promise<RefundReservation> {
  const stored = before.payment!;
  const asked = stored.refundRequestedCents;
  const request = (stored.refundRequests ?? 0) + 1;
  const id = ulid();
  const entryItem: HistoryItem = {
    type: 'JobHistory',
    jobId: before.id,
    id,
    at: now,
    kind: 'payment',
    action: input.entry.action,
    actor: input.entry.actor,
    summary: input.entry.summary,
    paymentStatus: stored.status,
    details: input.entry.details ?? {},
  };
  await transact([
    {
      Update: {
        TableName: tableName(),
        Key: jobKey(before.id),
        UpdateExpression:
          'SET #payment.#asked = :asked, #payment.#requests = :request, #payment.#paymentUpdatedAt = :now, #updatedAt = :now',
        ConditionExpression:
          'attribute_exists(#pk) AND #payment.#provider = :stripe AND #payment.#status IN (:paid, :partly) AND ' +
          (asked === undefined ? 'attribute_not_exists(#payment.#asked)' : '#payment.#asked = :askedBefore'),
        ExpressionAttributeNames: {
          '#pk': keyNames.pk,
          '#payment': 'payment',
          '#asked': 'refundRequestedCents',
          '#requests': 'refundRequests',
          '#paymentUpdatedAt': 'updatedAt',
          '#updatedAt': 'updatedAt',
          '#provider': 'provider',
          '#status': 'status',
        },
        ExpressionAttributeValues: {
          ':asked': (asked ?? 0) + input.amountCents,
          ':request': request,
          ':now': now,
          ':stripe': 'stripe',
          ':paid': 'PAID',
          ':partly': 'PARTIALLY_REFUNDED',
          ...(asked === undefined ? {} : { ':askedBefore': asked }),
        },
      },
    },
    { Put: newItemPut({ ...jobHistoryKey(before.id, now, id), ...entryItem }) },
  ]);
  return { jobId: before.id, amountCents: input.amountCents, request, entry: { at: now, id } };
}

/** Notes on a reserved refund's history entry the refund Stripe made (its id and state). */
export async function noteRefundMade(
  reservation: RefundReservation,
  refund: { id: string; status: string | null },
): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobHistoryKey(reservation.jobId, reservation.entry.at, reservation.entry.id),
      UpdateExpression: 'SET #details.#refundId = :id, #details.#refundStatus = :status',
      ExpressionAttributeNames: { '#details': 'details', '#refundId': 'refundId', '#refundStatus': 'refundStatus' },
      ExpressionAttributeValues: { ':id': refund.id, ':status': refund.status ?? 'pending' },
    }),
  );
}

/**
 * Stripe refused a reserved refund (pattern 56): the amount is no longer counted as asked, and the history
 * says why nothing was refunded (one transaction). Subtracted in place, so a reservation made
 * meanwhile stands.
 */
export async function releaseRefund(
  reservation: RefundReservation,
  entry: HistoryInput,
  paymentStatus: string,
  now = new Date().toISOString(),
): Promise<void> {
  await transact([
    {
      Update: {
        TableName: tableName(),
        Key: jobKey(reservation.jobId),
        UpdateExpression: 'SET #payment.#asked = #payment.#asked - :amount, #updatedAt = :now',
        ConditionExpression: 'attribute_exists(#pk) AND #payment.#asked >= :amount',
        ExpressionAttributeNames: {
          '#pk': keyNames.pk,
          '#payment': 'payment',
          '#asked': 'refundRequestedCents',
          '#updatedAt': 'updatedAt',
        },
        ExpressionAttributeValues: { ':amount': reservation.amountCents, ':now': now },
      },
    },
    historyPut(reservation.jobId, now, entry, paymentStatus),
  ]);
}
