import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import {
  deliveredImageStatuses,
  imageCountsOf,
  jobStatusFromImages,
  progressFromImages,
  type ImageCounts,
  type ImageStatus,
} from '@studio/shared/images';
import type { Job, JobStatus } from '@studio/shared/job';
import type { HistoryActor } from '@studio/shared/payment';
import { needsMarkerWrites } from './job-needs.ts';
import { jobChangeEvents } from './job-events.ts';
import { awaitingApprovalPut } from './job-lifecycle.ts';
import { jobChangeEntry, timelineEntryPut } from './job-timeline.ts';
import { reviewFiguresOf, toJob, type JobItem, type ReviewFigures } from './jobs.ts';
import {
  digestMarkerKey,
  imageStatusIndexKeys,
  jobKey,
  keyNames,
  openJobIndexClauses,
  photoKey,
  qcIndexKeys,
  tableName,
  updateExpression,
} from './keys.ts';
import type { ImageItem } from './images.ts';
import { jobSnapshot, outboxItem } from './outbox.ts';
import { transact } from './transactions.ts';

/*
 * Every change of images' statuses goes through here (docs/data-model.md pattern 67): one
 * transaction moves each image (conditional on the status it was read in), the job's counts per
 * status (conditional on the version of the counts read, so two changes at once never lose one),
 * its progress, and its status as the counts decide (`jobStatusFromImages`). When the job's status
 * moves, the same transaction also requires the job's `updatedAt` as read and writes what #17's
 * delivery wrote: the timeline entry, the e-mails (outbox), the awaiting-approval marker, the
 * open-jobs index keys. A transaction is at most 100 items: callers pass chunks (90 images, or 45
 * delivered files with their versions).
 */

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One image's change, computed from the image as read. */
export interface ImageChange {
  image: ImageItem;
  /** Its status after the change (the same: no move, e.g. a new version replacing one in QC). */
  to: ImageStatus;
  /** More attributes to set on the image (name -> value). */
  set?: Record<string, unknown>;
  /** Attributes to add to (numbers). */
  add?: Record<string, number>;
  /** Attributes to remove. */
  remove?: string[];
  /** A further condition on the image: its expression with its own names and values. */
  condition?: { expression: string; names: Record<string, string>; values: Record<string, unknown> };
  /** Other items of the same change (a version's put or update). */
  items?: TransactItem[];
  /** The change lets the client see a version it did not see before (for the digest e-mail). */
  releases?: boolean;
}

export interface ImageChangeOptions {
  now: string;
  actor: HistoryActor;
  /** Files delivered by the change (`deliverableCount` of the job, #15's count of finished files). */
  filesDelivered?: number;
  /** The change is work on the images (a delivery, a QC decision): a pending job starts. */
  worked: boolean;
  /**
   * A move of the job's own that the change carries (#34: a revision request with the first chunk
   * of the images it sends back): the job takes this status instead of the one its images decide,
   * with these fields, on condition that it is as read (`updatedAt`); `items` are the move's
   * timeline entry, records and e-mails (no entry or e-mail of the images' own is added then).
   */
  jobMove?: { status: JobStatus; fields: Record<string, unknown>; items: TransactItem[] };
}

/**
 * Items a change adds beside its images: the job, a timeline entry, two e-mails, two markers, and
 * the event of the images it released (#36).
 */
export const jobItemsPerChange = 7;

/** The next full hour after `now`: when a digest of the images released now is due. */
export function digestDueAt(now: string): string {
  const hour = 3_600_000;
  return new Date((Math.floor(Date.parse(now) / hour) + 1) * hour).toISOString();
}

/**
 * The job's first-time approval figures after `changes` (#34): an image counts as delivered the
 * first time a version of it is released to the client; as approved the first time when it
 * becomes APPROVED never sent back (and no more when that approval is withdrawn); as sent back the
 * first time it goes back from REJECTED to work.
 */
export function figuresAfter(figures: ReviewFigures, changes: readonly ImageChange[]): ReviewFigures {
  const next = { ...figures };
  for (const { image, to, set } of changes) {
    if (!image.released && set?.released) next.delivered += 1;
    if (image.sentBackCount === 0) {
      if (to === 'APPROVED' && image.status !== 'APPROVED') next.firstTimeApproved += 1;
      if (image.status === 'APPROVED' && to !== 'APPROVED') next.firstTimeApproved -= 1;
      if (image.status === 'REJECTED' && to === 'IN_EDIT') next.sentBack += 1;
    }
  }
  return next;
}

const sameFigures = (a: ReviewFigures, b: ReviewFigures) =>
  a.delivered === b.delivered && a.firstTimeApproved === b.firstTimeApproved && a.sentBack === b.sentBack;

function imageUpdate(job: JobItem, change: ImageChange, now: string): TransactItem {
  const { image, to } = change;
  const moves = image.status !== to;
  const names: Record<string, string> = {
    '#pk': keyNames.pk,
    '#status': 'status',
    '#updatedAt': 'updatedAt',
    '#jobId': 'jobId',
    ...(change.condition?.names ?? {}),
  };
  const values: Record<string, unknown> = {
    ':from': image.status,
    ':now': now,
    ':jobId': job.id,
    ...(change.condition?.values ?? {}),
  };
  const sets = ['#updatedAt = :now', '#jobId = :jobId'];
  const removes: string[] = [...(change.remove ?? []).map((name) => `#r_${name}`)];
  for (const name of change.remove ?? []) names[`#r_${name}`] = name;
  if (moves) {
    const index = imageStatusIndexKeys(image.uploadId, image.id, to);
    Object.assign(names, {
      '#statusAt': 'statusAt',
      '#gsi1pk': keyNames.gsi1.partitionKey,
      '#gsi1sk': keyNames.gsi1.sortKey,
    });
    Object.assign(values, {
      ':to': to,
      ':gsi1pk': index[keyNames.gsi1.partitionKey],
      ':gsi1sk': index[keyNames.gsi1.sortKey],
    });
    sets.push('#status = :to', '#statusAt = :now', '#gsi1pk = :gsi1pk', '#gsi1sk = :gsi1sk');
  }
  // The QC board lists an image while it waits, from when it entered IN_QC (a newer version
  // delivered meanwhile keeps its place).
  if (to !== 'IN_QC' || moves) {
    names['#gsi2pk'] = keyNames.gsi2.partitionKey;
    names['#gsi2sk'] = keyNames.gsi2.sortKey;
  }
  if (to === 'IN_QC' && moves) {
    const qc = qcIndexKeys(image.id, now);
    values[':gsi2pk'] = qc[keyNames.gsi2.partitionKey];
    values[':gsi2sk'] = qc[keyNames.gsi2.sortKey];
    sets.push('#gsi2pk = :gsi2pk', '#gsi2sk = :gsi2sk');
  } else if (to !== 'IN_QC') {
    removes.push('#gsi2pk', '#gsi2sk');
  }
  for (const [name, value] of Object.entries(change.set ?? {})) {
    names[`#s_${name}`] = name;
    values[`:s_${name}`] = value;
    sets.push(`#s_${name} = :s_${name}`);
  }
  const adds = Object.entries(change.add ?? {}).map(([name, value]) => {
    names[`#a_${name}`] = name;
    values[`:a_${name}`] = value;
    return `#a_${name} :a_${name}`;
  });
  const expression = [updateExpression(sets, removes), adds.length ? `ADD ${adds.join(', ')}` : '']
    .filter(Boolean)
    .join(' ');
  // Photos stored before #33 have no status until migrated; the job's counts say RECEIVED for them.
  const statusCondition = image.indexed ? '#status = :from' : 'attribute_not_exists(#status)';
  if (!image.indexed) delete values[':from'];
  return {
    Update: {
      TableName: tableName(),
      Key: photoKey(image.uploadId, image.id),
      UpdateExpression: expression,
      ConditionExpression: ['attribute_exists(#pk)', statusCondition, change.condition?.expression]
        .filter(Boolean)
        .join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

export interface ImageChangeResult {
  before: Job;
  after: Job;
  counts: ImageCounts;
  /** The job's first-time approval figures after the change (#34). */
  figures: ReviewFigures;
}

/**
 * Writes `changes` (images of `job`, as read) in one transaction with the job's counts, progress
 * and status (pattern 67). Throws the transaction's cancellation when anything moved since it was
 * read: callers read again and rebuild their changes (`withRetry` with `retryFailedConditions`).
 */
export async function commitImageChanges(
  job: JobItem,
  changes: readonly ImageChange[],
  options: ImageChangeOptions,
): Promise<ImageChangeResult> {
  const { now } = options;
  const before = toJob(job);
  const countsBefore = imageCountsOf(job.imageCounts);
  const counts = { ...countsBefore };
  for (const change of changes) {
    if (change.image.status === change.to) continue;
    counts[change.image.status] -= 1;
    counts[change.to] += 1;
  }
  const { jobMove } = options;
  const status = jobMove?.status ?? jobStatusFromImages(before.status, counts, options.worked);
  const progress = progressFromImages(counts);
  const figuresBefore = reviewFiguresOf(job);
  const figures = figuresAfter(figuresBefore, changes);
  const statusMoves = status !== before.status || jobMove !== undefined;
  const delivered = statusMoves && status === 'DELIVERED';
  const after: Job = {
    ...before,
    status,
    progress,
    imageCounts: counts,
    deliverableCount: before.deliverableCount + (options.filesDelivered ?? 0),
    ...(jobMove?.fields as Partial<Job> | undefined),
    ...(statusMoves ? { updatedAt: now } : {}),
    ...(delivered ? { roundDeliveredAt: now } : {}),
  };

  const version = job.imagesVersion ?? 0;
  const names: Record<string, string> = {
    '#pk': keyNames.pk,
    '#counts': 'imageCounts',
    '#version': 'imagesVersion',
    '#progress': 'progress',
    '#status': 'status',
  };
  const values: Record<string, unknown> = {
    ':counts': counts,
    ':v0': version,
    ':v1': version + 1,
    ':progress': progress,
    ':s0': before.status,
  };
  const sets = ['#counts = :counts', '#version = :v1', '#progress = :progress'];
  const removes: string[] = [];
  let condition = 'attribute_exists(#pk) AND #version = :v0 AND #status = :s0';
  if (!sameFigures(figures, figuresBefore)) {
    // The counters follow the images under the same lock as the counts (`imagesVersion`).
    names['#figures'] = 'reviewFigures';
    values[':figures'] = figures;
    sets.push('#figures = :figures');
  }
  for (const [name, value] of Object.entries(jobMove?.fields ?? {})) {
    names[`#m_${name}`] = name;
    values[`:m_${name}`] = value;
    sets.push(`#m_${name} = :m_${name}`);
  }
  if (statusMoves) {
    Object.assign(names, { '#updatedAt': 'updatedAt' });
    Object.assign(values, { ':u0': before.updatedAt, ':now': now, ':s1': status });
    sets.push('#status = :s1', '#updatedAt = :now');
    condition += ' AND #updatedAt = :u0';
    if (delivered) {
      names['#roundDeliveredAt'] = 'roundDeliveredAt';
      sets.push('#roundDeliveredAt = :now');
    }
    const index = openJobIndexClauses({ ...before, status });
    sets.push(...index.set);
    removes.push(...index.remove);
    Object.assign(names, index.names);
    Object.assign(values, index.values);
  }
  const adds: string[] = [];
  if (options.filesDelivered) {
    names['#deliverableCount'] = 'deliverableCount';
    values[':files'] = options.filesDelivered;
    adds.push('#deliverableCount :files');
  }
  const jobUpdate: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: jobKey(job.id),
      UpdateExpression: [updateExpression(sets, removes), adds.length ? `ADD ${adds.join(', ')}` : '']
        .filter(Boolean)
        .join(' '),
      ConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };

  // A move of the job's own writes its own entry and e-mails (its `items`).
  const entry = jobMove ? null : jobChangeEntry(before, after);
  const events = jobMove ? [] : jobChangeEvents(before, after);
  // Released images are told in the next digest, unless this very change delivers the whole job
  // (its own e-mail says so).
  // The images this change lets the client see for the first time: one event for all of them (#36,
  // the `image.delivered` webhook), not one per image (a transaction holds 100 items).
  const released = changes
    .filter(
      (change) =>
        change.releases ||
        (deliveredImageStatuses.includes(change.to) && !deliveredImageStatuses.includes(change.image.status)),
    )
    .map((change) => change.image.id);
  const releases = released.length > 0;
  const items: TransactItem[] = [
    ...changes.flatMap((change) => [imageUpdate(job, change, now), ...(change.items ?? [])]),
    jobUpdate,
    ...(jobMove?.items ?? []),
    ...(entry ? [timelineEntryPut(job.id, now, entry, options.actor)] : []),
    ...(delivered ? [awaitingApprovalPut(job.id, now)] : []),
    // A status move can take the job off the unassigned list, or its cancellation request off (#40).
    ...(statusMoves ? needsMarkerWrites(before, after) : []),
    ...events.map((event) => outboxItem(event, new Date(now))),
    ...(releases
      ? [outboxItem({ event: 'job.imagesReleased', job: jobSnapshot(after), imageIds: released }, new Date(now))]
      : []),
    ...(releases && after.status !== 'DELIVERED'
      ? [
          {
            Update: {
              TableName: tableName(),
              Key: digestMarkerKey(job.id, digestDueAt(now)),
              UpdateExpression: 'SET #type = :type, #jobId = :jobId',
              ExpressionAttributeNames: { '#type': 'type', '#jobId': 'jobId' },
              ExpressionAttributeValues: { ':type': 'ImageDigestDue', ':jobId': job.id },
            },
          },
        ]
      : []),
  ];
  if (items.length > 100) throw new Error(`an image change of ${items.length} items is past DynamoDB's 100`);
  await transact(items);
  return { before, after, counts, figures };
}
