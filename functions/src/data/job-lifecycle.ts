import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { revisionName } from '@studio/shared/job-lifecycle';
import type { Job } from '@studio/shared/job';
import type { RevisionRequest } from '@studio/shared/job-lifecycle';
import type { HistoryActor } from '@studio/shared/payment';
import { documentClient } from '../lib/dynamo.ts';
import { needsMarkerWrites } from './job-needs.ts';
import type { Upload } from './job-files.ts';
import type { ReviewFigures } from './jobs.ts';
import { reviewCountsText } from '../lib/review-counts.ts';
import { timelineEntryPut, type TimelineInput } from './job-timeline.ts';
import {
  awaitingApprovalKey,
  awaitingApprovalPartition,
  jobKey,
  jobPartition,
  keyNames,
  openJobIndexClauses,
  reviewStatsKeyOf,
  revisionKey,
  revisionSortKeyPrefix,
  tableName,
  updateExpression,
  uploadKey,
} from './keys.ts';
import { jobSnapshot, outboxItem, type OutboxEvent } from './outbox.ts';
import { newItemPut, transact } from './transactions.ts';

/*
 * The client's side of a delivery (issue 17; docs/data-model.md patterns 45-49): approval,
 * revision requests, cancellation and its requests, and the deliveries waiting for an answer.
 * Each change is one transaction: the job's update, conditional on the job being exactly as read
 * (its `updatedAt`, so also its status: of an approval and a revision request at the same moment
 * one commits and the other fails its condition), its timeline entry and its outbox items.
 *   Revision           JOB#<jobId> / REVISION#<round>               { notes, uploadId, billable }
 *   Awaiting approval  AWAITING_APPROVAL / <deliveredAt>#<jobId>    one per delivery, removed when answered
 */

/**
 * The update of a job as read: SET the fields (and the job's place among the open jobs, which its
 * new status decides), on condition that nothing changed since.
 */
function jobUpdate(before: Job, fields: Partial<Job> & Record<string, unknown>, imagesVersion?: number) {
  const index = openJobIndexClauses({ ...before, ...fields });
  const names: Record<string, string> = { '#pk': keyNames.pk, '#updatedAt': 'updatedAt', ...index.names };
  const values: Record<string, unknown> = { ':before': before.updatedAt, ...index.values };
  let condition = 'attribute_exists(#pk) AND #updatedAt = :before';
  if (imagesVersion !== undefined) {
    // A change of the images leaves `updatedAt` as it is unless the job's status moves: the
    // version of the image counts is what says none changed since they were read (#34).
    names['#imagesVersion'] = 'imagesVersion';
    values[':imagesVersion'] = imagesVersion;
    condition +=
      ' AND (#imagesVersion = :imagesVersion OR (attribute_not_exists(#imagesVersion) AND :imagesVersion = :zero))';
    values[':zero'] = 0;
  }
  const sets: string[] = [...index.set];
  for (const [name, value] of Object.entries(fields)) {
    names[`#${name}`] = name;
    values[`:${name}`] = value;
    sets.push(`#${name} = :${name}`);
  }
  return {
    Update: {
      TableName: tableName(),
      Key: jobKey(before.id),
      UpdateExpression: updateExpression(sets, index.remove),
      ConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** The marker of a delivery waiting for the client's answer (written with the delivery). */
export function awaitingApprovalPut(jobId: string, deliveredAt: string) {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...awaitingApprovalKey(jobId, deliveredAt), type: 'AwaitingApproval', jobId, deliveredAt },
    },
  };
}

/** Removes the marker of the delivery a change answers (none before #17: a no-op). */
function awaitingApprovalDelete(job: Job) {
  if (!job.roundDeliveredAt) return [];
  return [{ Delete: { TableName: tableName(), Key: awaitingApprovalKey(job.id, job.roundDeliveredAt) } }];
}

/** One lifecycle change: the job's fields, its timeline entry and the events it causes, in one transaction. */
async function writeLifecycleChange(
  before: Job,
  fields: Partial<Job> & Record<string, unknown>,
  entry: TimelineInput,
  actor: HistoryActor,
  now: string,
  options: {
    events?: (after: Job) => OutboxEvent[];
    extra?: Parameters<typeof transact>[0];
    /** The job's `imagesVersion` as read: the change stands only if its images did not change since. */
    imagesVersion?: number;
  } = {},
): Promise<Job> {
  const after: Job = { ...before, ...fields, updatedAt: now };
  await transact([
    jobUpdate(before, { ...fields, updatedAt: now }, options.imagesVersion),
    timelineEntryPut(before.id, now, entry, actor),
    // Callers read a refused item by its place (a revision's upload is item 3): theirs come first.
    ...(options.extra ?? []),
    // Its place in what needs action (#40): a cancellation request waits, or is decided.
    ...needsMarkerWrites(before, after),
    ...(options.events?.(after) ?? []).map((event) => outboxItem(event, new Date(now))),
  ]);
  return after;
}

/**
 * Adds a job's figures to the studio-wide figures of the month it is approved in (one of 8 items
 * by job id: approvals at the same moment meet on no one key). Nothing for a job without figures.
 */
export function reviewStatsAdd(jobId: string, figures: ReviewFigures, now: string) {
  if (figures.delivered === 0 && figures.firstTimeApproved === 0 && figures.sentBack === 0) return [];
  const month = now.slice(0, 7);
  return [
    {
      Update: {
        TableName: tableName(),
        Key: reviewStatsKeyOf(month, jobId),
        UpdateExpression: 'SET #type = :type, #month = :month ADD #d :d, #f :f, #s :s, #jobs :one',
        ExpressionAttributeNames: {
          '#type': 'type',
          '#month': 'month',
          '#d': 'delivered',
          '#f': 'firstTimeApproved',
          '#s': 'sentBack',
          '#jobs': 'jobs',
        },
        ExpressionAttributeValues: {
          ':type': 'ReviewStats',
          ':month': month,
          ':d': figures.delivered,
          ':f': figures.firstTimeApproved,
          ':s': figures.sentBack,
          ':one': 1,
        },
      },
    },
  ];
}

/**
 * The client approves the delivery, or the sweep does after the studio's days: COMPLETED. A job
 * with images (#34) is approved once every image is APPROVED (image-reviews.ts), on condition that
 * its images are as read (`images.version`), and adds its first-time approval figures to the
 * month's studio-wide figures in the same transaction.
 */
export function approveDelivery(
  job: Job,
  by: { kind: 'client'; actor: HistoryActor } | { kind: 'auto'; days: number },
  now: string,
  images?: { version: number; figures: ReviewFigures },
): Promise<Job> {
  const round = job.round ?? 1;
  const entry: TimelineInput =
    by.kind === 'client'
      ? { kind: 'approval', action: 'approved', summary: 'Approved by the client', details: { round } }
      : {
          kind: 'approval',
          action: 'auto-approved',
          summary: `Approved automatically: no answer ${by.days} ${by.days === 1 ? 'day' : 'days'} after the delivery`,
          details: { round, days: by.days, deliveredAt: job.roundDeliveredAt },
        };
  const actor: HistoryActor = by.kind === 'client' ? by.actor : { kind: 'system', id: null, role: null };
  return writeLifecycleChange(job, { status: 'COMPLETED', approvedAt: now }, entry, actor, now, {
    extra: [...awaitingApprovalDelete(job), ...(images ? reviewStatsAdd(job.id, images.figures, now) : [])],
    imagesVersion: images?.version,
    events: (after) => [{ event: 'job.approved', job: jobSnapshot(after), by: by.kind }],
  });
}

/** What a revision request with images sent back (#34): the images, and those approved so far. */
export interface RevisionReview {
  sentBack: number;
  approved: number;
}

/**
 * The writes of a revision request beside the job's own update: the request's item, its
 * reference images' upload closed (as a job's upload is closed when the job is made of it:
 * conditional on the count the request saw), the delivery's marker removed, the timeline entry and
 * the e-mails. A job with images (#34) also says what its review sent back: one entry and one
 * e-mail for the whole review.
 */
export function revisionParts(
  job: Job,
  input: {
    notes: string;
    upload: Upload | null;
    billable: boolean;
    actor: HistoryActor;
    review?: RevisionReview;
  },
  now: string,
) {
  const round = (job.round ?? 1) + 1;
  const revision: StoredRevision = {
    round,
    notes: input.notes,
    requestedAt: now,
    billable: input.billable,
    imageCount: input.upload?.photoCount ?? 0,
    sentBackCount: input.review?.sentBack ?? 0,
    approvedCount: input.review?.approved ?? 0,
    uploadId: input.upload?.uploadId ?? null,
  };
  const upload = input.upload;
  const entry: TimelineInput = {
    kind: 'revision',
    action: 'requested',
    summary: input.review
      ? `${revisionName(round)} requested: ${reviewCountsText(input.review)}`
      : `${revisionName(round)} requested`,
    details: {
      round,
      billable: input.billable,
      imageCount: revision.imageCount,
      ...(input.review ? { sentBackCount: input.review.sentBack, approvedCount: input.review.approved } : {}),
    },
  };
  const extra = [
    { Put: newItemPut({ ...revisionKey(job.id, round), type: 'RevisionRequest', jobId: job.id, ...revision }) },
    ...(upload
      ? [
          {
            Update: {
              TableName: tableName(),
              Key: uploadKey(upload.uploadId),
              UpdateExpression: 'SET #jobId = :jobId, #jobNumber = :jobNumber, #closedAt = :now, #round = :round',
              ConditionExpression: '#clientId = :clientId AND #count = :count AND attribute_not_exists(#jobId)',
              ExpressionAttributeNames: {
                '#jobId': 'jobId',
                '#jobNumber': 'jobNumber',
                '#closedAt': 'closedAt',
                '#round': 'revisionRound',
                '#clientId': 'clientId',
                '#count': 'photoCount',
              },
              ExpressionAttributeValues: {
                ':jobId': job.id,
                ':jobNumber': job.jobNumber ?? job.id,
                ':now': now,
                ':round': round,
                ':clientId': job.clientId,
                ':count': upload.photoCount,
              },
            },
          },
        ]
      : []),
    ...awaitingApprovalDelete(job),
  ];
  const events = (after: Job): OutboxEvent[] => [
    {
      event: 'job.revisionRequested',
      job: jobSnapshot(after),
      round,
      billable: input.billable,
      ...(input.review ? { review: input.review } : {}),
    },
  ];
  return { round, revision, entry, extra, events };
}

/**
 * The client sends the delivery back: a new round (the first request makes round 2), progress
 * back to 0 for the editor, the request's item, and its reference images' upload closed. A job
 * with images sends its rejected images back with the move (image-reviews.ts), not here.
 */
export function requestRevision(
  job: Job,
  input: { notes: string; upload: Upload | null; billable: boolean; actor: HistoryActor },
  now: string,
): Promise<Job> {
  const parts = revisionParts(job, input, now);
  return writeLifecycleChange(
    job,
    // A job with images keeps the share of its images delivered (#33): the redos move it.
    { status: 'REVISION_REQUESTED', round: parts.round, progress: job.imageCounts ? job.progress : 0 },
    parts.entry,
    input.actor,
    now,
    { extra: parts.extra, events: parts.events },
  );
}

/** The client cancels a job nobody started and nothing was paid for: CANCELLED, no request. */
export function cancelByClient(job: Job, actor: HistoryActor, now: string): Promise<Job> {
  return writeLifecycleChange(
    job,
    { status: 'CANCELLED' },
    { kind: 'cancellation', action: 'cancelled-by-client', summary: 'Cancelled by the client' },
    actor,
    now,
    // No e-mail (the client did it); the organisation's webhooks hear of it (#36).
    { events: (after) => [{ event: 'job.cancelled', job: jobSnapshot(after) }] },
  );
}

/** The client asks to cancel a job it cannot cancel itself (paid, or started): a manager decides. */
export function requestCancellation(job: Job, reason: string, actor: HistoryActor, now: string): Promise<Job> {
  return writeLifecycleChange(
    job,
    { cancellationRequest: { status: 'PENDING', reason, requestedAt: now, decidedAt: null } },
    { kind: 'cancellation', action: 'requested', summary: 'Cancellation requested', details: { reason } },
    actor,
    now,
    { events: (after) => [{ event: 'job.cancellationRequested', job: jobSnapshot(after), reason }] },
  );
}

/** A manager accepts (the job is CANCELLED) or declines the client's pending cancellation request. */
export function decideCancellation(
  job: Job,
  decision: 'ACCEPTED' | 'DECLINED',
  actor: HistoryActor,
  now: string,
): Promise<Job> {
  const request = { ...job.cancellationRequest!, status: decision, decidedAt: now };
  const accepted = decision === 'ACCEPTED';
  return writeLifecycleChange(
    job,
    accepted ? { cancellationRequest: request, status: 'CANCELLED' } : { cancellationRequest: request },
    accepted
      ? { kind: 'cancellation', action: 'accepted', summary: 'Cancellation accepted: the job is cancelled' }
      : { kind: 'cancellation', action: 'declined', summary: 'Cancellation declined: the work goes on' },
    actor,
    now,
    {
      extra: accepted ? awaitingApprovalDelete(job) : [],
      events: (after) => [
        { event: 'job.cancellationDecided', job: jobSnapshot(after), decision: accepted ? 'CANCELLED' : 'REFUSED' },
      ],
    },
  );
}

export interface StoredRevision extends RevisionRequest {
  uploadId: string | null;
}

/** A job's revision requests, oldest round first (pattern 46). */
export async function listRevisions(jobId: string): Promise<StoredRevision[]> {
  const result = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: { '#pk': keyNames.pk, '#sk': keyNames.sk },
      ExpressionAttributeValues: { ':pk': jobPartition(jobId), ':prefix': revisionSortKeyPrefix },
      ConsistentRead: true,
    }),
  );
  return (result.Items ?? []).map((item) => ({
    round: item.round as number,
    notes: item.notes as string,
    requestedAt: item.requestedAt as string,
    billable: item.billable as boolean,
    imageCount: (item.imageCount as number | undefined) ?? 0,
    // Requests stored before #34 sent no image back.
    sentBackCount: (item.sentBackCount as number | undefined) ?? 0,
    approvedCount: (item.approvedCount as number | undefined) ?? 0,
    uploadId: (item.uploadId as string | null | undefined) ?? null,
  }));
}

/** Deliveries waiting for an answer since `cutoff` or earlier, oldest first (pattern 48), a page at a time. */
export async function listAwaitingApproval(
  cutoff: string,
  start?: Record<string, unknown>,
): Promise<{ waiting: { jobId: string; deliveredAt: string }[]; next?: Record<string, unknown> }> {
  const result = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: '#pk = :pk AND #sk <= :cutoff',
      ExpressionAttributeNames: { '#pk': keyNames.pk, '#sk': keyNames.sk },
      // `<at>#<id>` sorts after `<at>`: a delivery at the cutoff's very millisecond is in range.
      ExpressionAttributeValues: { ':pk': awaitingApprovalPartition, ':cutoff': `${cutoff}#~` },
      Limit: 100,
      ExclusiveStartKey: start,
    }),
  );
  return {
    waiting: (result.Items ?? []).map((item) => ({
      jobId: item.jobId as string,
      deliveredAt: item.deliveredAt as string,
    })),
    next: result.LastEvaluatedKey,
  };
}

/** Drops the marker of a delivery already answered (approved, sent back, reopened, cancelled). */
export async function dropAwaitingApproval(jobId: string, deliveredAt: string): Promise<void> {
  await documentClient.send(
    new DeleteCommand({ TableName: tableName(), Key: awaitingApprovalKey(jobId, deliveredAt) }),
  );
}
