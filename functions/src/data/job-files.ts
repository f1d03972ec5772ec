import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ArchiveSet } from '@studio/shared/job-files';
import type { UploadImageType } from '@studio/shared/upload';
import { documentClient } from '../lib/dynamo.ts';
import { isConditionFailed } from '../lib/dynamo-errors.ts';
import {
  archiveKey,
  deliverableKey,
  deliverableSortKeyPrefix,
  jobKey,
  jobPartition,
  keyNames,
  photoKey,
  photoSortKeyPrefix,
  tableName,
  uploadKey,
  uploadPartition,
} from './keys.ts';
import { newItemPut, transact, withRetry, writeUnlessRefused } from './transactions.ts';
import { decodeCursor, encodeCursor } from './page-cursor.ts';

/*
 * The table side of a job's files (docs/data-model.md, rows Upload, Photo, Deliverable, Archive;
 * patterns 34-38):
 *   Upload       UPLOAD#<uploadId> / UPLOAD            { clientId, photoCount, bytes, jobId? }
 *   Photo        UPLOAD#<uploadId> / PHOTO#<photoId>   { key, fileName, size, contentType, thumbnailKey }
 *   Deliverable  JOB#<jobId> / DELIVERABLE#<id>        the same fields, and who delivered it
 *   Archive      JOB#<jobId> / ARCHIVE#<set>           the state of the set's "Download all" zip
 * A photo joins an upload only while the upload has no job (a condition on the upload item in the
 * photo's own transaction), and the job that closes the upload bills its `photoCount`, so what is
 * billed, listed and archived is the same set of files.
 */

export interface StoredFile {
  id: string;
  key: string;
  fileName: string;
  size: number;
  contentType: UploadImageType;
  thumbnailKey: string | null;
  createdAt: string;
}

export interface Upload {
  uploadId: string;
  clientId: string;
  photoCount: number;
  /** Photos confirmed as images (#33): with a status and index keys. Fewer than `photoCount` when
   * photos were confirmed before #33; a job made of such an upload is completed by the migration. */
  imageCount: number;
  bytes: number;
  createdAt: string;
  /** Set once a job was made of the upload: it is closed. */
  jobId: string | null;
  jobNumber: string | null;
}

function toUpload(item: Record<string, unknown>): Upload {
  return {
    uploadId: item.uploadId as string,
    clientId: item.clientId as string,
    photoCount: (item.photoCount as number | undefined) ?? 0,
    imageCount: (item.imageCount as number | undefined) ?? 0,
    bytes: (item.bytes as number | undefined) ?? 0,
    createdAt: item.createdAt as string,
    jobId: (item.jobId as string | undefined) ?? null,
    jobNumber: (item.jobNumber as string | undefined) ?? null,
  };
}

function toFile(item: Record<string, unknown>): StoredFile {
  return {
    id: item.id as string,
    key: item.key as string,
    fileName: item.fileName as string,
    size: item.size as number,
    contentType: item.contentType as UploadImageType,
    thumbnailKey: (item.thumbnailKey as string | null | undefined) ?? null,
    createdAt: item.createdAt as string,
  };
}

/** An upload as stored, read strongly consistently (pattern 34), or null before its first photo. */
export async function getUpload(uploadId: string): Promise<Upload | null> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: uploadKey(uploadId), ConsistentRead: true }),
  );
  return result.Item ? toUpload(result.Item) : null;
}

export async function getPhoto(uploadId: string, photoId: string): Promise<StoredFile | null> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: photoKey(uploadId, photoId), ConsistentRead: true }),
  );
  return result.Item ? toFile(result.Item) : null;
}

export interface FilePage {
  files: StoredFile[];
  nextCursor: string | null;
}

async function filePage(partition: string, prefix: string, limit: number, cursor?: string): Promise<FilePage> {
  const page = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: { '#pk': keyNames.pk, '#sk': keyNames.sk },
      ExpressionAttributeValues: { ':pk': partition, ':prefix': prefix },
      Limit: limit,
      ExclusiveStartKey: decodeCursor(cursor, {
        names: [keyNames.pk, keyNames.sk],
        equal: { [keyNames.pk]: partition },
        prefix: { [keyNames.sk]: prefix },
      }),
    }),
  );
  return {
    files: (page.Items ?? []).map(toFile),
    nextCursor: encodeCursor(page.LastEvaluatedKey),
  };
}

/** A page of an upload's photos in upload order (pattern 36: photo ids are ULIDs). */
export const listPhotos = (uploadId: string, limit: number, cursor?: string) =>
  filePage(uploadPartition(uploadId), photoSortKeyPrefix, limit, cursor);

/** A page of a job's delivered files in upload order (pattern 37). */
export const listDeliverables = (jobId: string, limit: number, cursor?: string) =>
  filePage(jobPartition(jobId), deliverableSortKeyPrefix, limit, cursor);

/** Every file of a set, page after page: for the archive worker, which must name them all. */
export async function allFiles(source: { uploadId: string } | { jobId: string }): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  let cursor: string | undefined;
  do {
    const page =
      'uploadId' in source
        ? await listPhotos(source.uploadId, 1000, cursor)
        : await listDeliverables(source.jobId, 1000, cursor);
    files.push(...page.files);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return files;
}

export type AddDeliverableResult = { kind: 'added'; deliverableCount: number } | { kind: 'cancelled' | 'gone' };

/**
 * Records a checked finished file (pattern 38): the deliverable and +1 on the job's
 * `deliverableCount` in one transaction, on condition that the job exists and is not cancelled.
 * `updatedAt` is left alone: a delivery is no edit of the job, and staff editing it meanwhile
 * must not get a conflict for it.
 */
export async function addDeliverable(
  jobId: string,
  file: StoredFile & { deliveredBy: string },
): Promise<AddDeliverableResult> {
  try {
    await withRetry(() =>
      transact([
        {
          Update: {
            TableName: tableName(),
            Key: jobKey(jobId),
            UpdateExpression: 'ADD #count :one SET #deliveredAt = :now',
            ConditionExpression: 'attribute_exists(#pk) AND #status <> :cancelled',
            ExpressionAttributeNames: {
              '#pk': keyNames.pk,
              '#count': 'deliverableCount',
              '#deliveredAt': 'deliveredAt',
              '#status': 'status',
            },
            ExpressionAttributeValues: { ':one': 1, ':now': file.createdAt, ':cancelled': 'CANCELLED' },
          },
        },
        { Put: newItemPut({ ...deliverableKey(jobId, file.id), type: 'Deliverable', jobId, ...file }) },
      ]),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const job = await documentClient.send(new GetCommand({ TableName: tableName(), Key: jobKey(jobId) }));
    return { kind: job.Item ? 'cancelled' : 'gone' };
  }
  const job = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: jobKey(jobId), ConsistentRead: true }),
  );
  return { kind: 'added', deliverableCount: (job.Item?.deliverableCount as number | undefined) ?? 0 };
}

/** Marks a job's photos as kept (the worker re-tagged every one of them). */
export async function markPhotosKept(jobId: string, at: string): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobKey(jobId),
      UpdateExpression: 'SET #kept = :at',
      ConditionExpression: 'attribute_exists(#pk)',
      ExpressionAttributeNames: { '#pk': keyNames.pk, '#kept': 'photosKeptAt' },
      ExpressionAttributeValues: { ':at': at },
    }),
  );
}

/** Whether the worker has kept a job's photos yet (null: not yet, or the job has none). */
export async function photosKeptAt(jobId: string): Promise<string | null> {
  const result = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: jobKey(jobId),
      ProjectionExpression: '#kept',
      ExpressionAttributeNames: { '#kept': 'photosKeptAt' },
    }),
  );
  return (result.Item?.photosKeptAt as string | undefined) ?? null;
}

// Archives ("Download all"): one item per job and set, rebuilt when the set changed or it expired.

export interface ArchiveRecord {
  set: ArchiveSet;
  status: 'BUILDING' | 'READY' | 'FAILED';
  /** Moves on with every build; a builder writes its result only while it is still current. */
  buildId: string;
  /** The set as it was when the build was asked for: its file count. */
  fileCount: number;
  key: string;
  fileName: string;
  requestedAt: string;
  builtAt: string | null;
  expiresAt: string | null;
  bytes: number | null;
  error: string | null;
  /** What the build measured: multipart parts, the most bytes held at once, time. */
  parts: number | null;
  peakBufferedBytes: number | null;
  durationMs: number | null;
}

/**
 * The files worker's time limit (Lambda's longest, 15 minutes) and a minute for its start: a build
 * still BUILDING this long after its request has lost its worker.
 */
export const archiveBuildTimeoutMs = 16 * 60 * 1000;
/** What a client or the studio is told of a build whose worker died. */
export const lostArchiveError =
  'The archive could not be finished in time. Ask for it again; if it keeps failing, tell the studio.';

/** Whether a BUILDING record has outlived any worker that could still be building it. */
export const isLostBuild = (record: Pick<ArchiveRecord, 'status' | 'requestedAt'>, now: number): boolean =>
  record.status === 'BUILDING' && now - Date.parse(record.requestedAt) >= archiveBuildTimeoutMs;

export async function getArchive(jobId: string, set: ArchiveSet): Promise<ArchiveRecord | null> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: archiveKey(jobId, set), ConsistentRead: true }),
  );
  if (!result.Item) return null;
  const { PK: _pk, SK: _sk, type: _type, ...record } = result.Item;
  return record as ArchiveRecord;
}

/**
 * Starts a build: writes the archive item as BUILDING with a new build id, on condition that it
 * is still as read (no item, or the same build id), so two requests at once start one build.
 * Answers false when another request got there first.
 */
export async function startArchive(jobId: string, before: ArchiveRecord | null, next: ArchiveRecord): Promise<boolean> {
  return writeUnlessRefused(
    new UpdateCommand({
      TableName: tableName(),
      Key: archiveKey(jobId, next.set),
      UpdateExpression:
        'SET #type = :type, ' +
        Object.keys(next)
          .map((name) => `#${name} = :${name}`)
          .join(', '),
      ConditionExpression: before ? '#buildId = :before' : 'attribute_not_exists(#pk)',
      ExpressionAttributeNames: {
        '#type': 'type',
        ...(before ? {} : { '#pk': keyNames.pk }),
        ...Object.fromEntries(Object.keys(next).map((name) => [`#${name}`, name])),
      },
      ExpressionAttributeValues: {
        ':type': 'Archive',
        ...(before ? { ':before': before.buildId } : {}),
        ...Object.fromEntries(Object.entries(next).map(([name, value]) => [`:${name}`, value])),
      },
    }),
  );
}

/**
 * Marks a build FAILED whose worker is gone (killed at its time limit, out of memory, its event
 * dropped): only while that build is current and still BUILDING, so a result written meanwhile
 * stands. Answers whether it marked it.
 */
export async function failLostArchive(
  jobId: string,
  set: ArchiveSet,
  buildId: string,
  error: string,
): Promise<boolean> {
  return writeUnlessRefused(
    new UpdateCommand({
      TableName: tableName(),
      Key: archiveKey(jobId, set),
      UpdateExpression: 'SET #status = :failed, #error = :error',
      ConditionExpression: '#buildId = :buildId AND #status = :building',
      ExpressionAttributeNames: { '#buildId': 'buildId', '#status': 'status', '#error': 'error' },
      ExpressionAttributeValues: {
        ':buildId': buildId,
        ':building': 'BUILDING',
        ':failed': 'FAILED',
        ':error': error,
      },
    }),
  );
}

/** Records the end of a build, unless a newer build replaced it meanwhile (then false). */
export async function finishArchive(
  jobId: string,
  set: ArchiveSet,
  buildId: string,
  result: Partial<Omit<ArchiveRecord, 'set' | 'buildId'>> & { status: 'READY' | 'FAILED' },
): Promise<boolean> {
  const entries = Object.entries(result);
  return writeUnlessRefused(
    new UpdateCommand({
      TableName: tableName(),
      Key: archiveKey(jobId, set),
      UpdateExpression: 'SET ' + entries.map(([name]) => `#${name} = :${name}`).join(', '),
      ConditionExpression: '#buildId = :buildId',
      ExpressionAttributeNames: {
        '#buildId': 'buildId',
        ...Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
      },
      ExpressionAttributeValues: {
        ':buildId': buildId,
        ...Object.fromEntries(entries.map(([name, value]) => [`:${name}`, value])),
      },
    }),
  );
}
