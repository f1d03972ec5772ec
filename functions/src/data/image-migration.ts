import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { fileStem, imageCountsOf, type ImageStatus } from '@studio/shared/images';
import { documentClient } from '../lib/dynamo.ts';
import { isConditionFailed, isTransactionCancelled } from '../lib/dynamo-errors.ts';
import { allFiles, type StoredFile } from './job-files.ts';
import { listRevisions } from './job-lifecycle.ts';
import { allImages, summaryOf, type ImageItem, type VersionItem } from './images.ts';
import { getJobItem, type JobItem } from './jobs.ts';
import {
  allJobsPartition,
  deliverableKey,
  imageStatusIndexKeys,
  imageStemIndexKeys,
  jobKey,
  keyNames,
  migrationStateKey,
  photoKey,
  tableName,
  versionKey,
} from './keys.ts';
import { newItemPut, transact, writeUnlessRefused } from './transactions.ts';

/*
 * The migration of #33 (docs/data-model.md patterns 74, 75): a job made of an upload before images
 * existed gets them. Its photos become images (status, indexes, preview state) and its finished
 * files (deliverables of #15) become versions of the image whose name they share (stem, any
 * extension); a file that matches no photo, or several, stays a file of the job. Every step skips
 * what is done, so a run stopped anywhere (a Lambda timeout, Ctrl-C) is simply run again:
 *   1. each deliverable: one transaction puts the version, updates its image, deletes the deliverable;
 *   2. each photo without a status: an update on `attribute_not_exists(status)`;
 *   3. the job's counts, on `attribute_not_exists(imageCounts)`: from then on the job is one of images.
 * Run per job by the files worker (a job made of an older upload, or read before this ran), for the
 * whole table by `npm run migrate` on AWS, and by `npm start` on an older `.local/`.
 */

export interface JobMigration {
  jobId: string;
  /** `migrated`, or why nothing was done: a link job, one done before, no job. */
  outcome: 'migrated' | 'done-before' | 'no-images' | 'missing';
  images: number;
  versions: number;
  /** Finished files kept as files of the job: their name matches no photo, or several. */
  unmatched: string[];
}

/** The status an older job's image takes: what the job as a whole had reached. */
function statusOf(job: JobItem, hasVersion: boolean): ImageStatus {
  switch (job.status) {
    case 'COMPLETED':
      return 'APPROVED';
    case 'DELIVERED':
    case 'REVISION_REQUESTED':
      return 'DELIVERED';
    default:
      return hasVersion ? 'DELIVERED' : 'RECEIVED';
  }
}

/** The round a finished file was delivered in: one more than the revision requests made before it. */
function roundAt(requestedAt: readonly string[], at: string): number {
  return 1 + requestedAt.filter((time) => time < at).length;
}

async function moveDeliverable(
  job: JobItem,
  image: ImageItem,
  file: StoredFile,
  round: number,
): Promise<VersionItem | null> {
  const number = image.versionCount + 1;
  const version: VersionItem = {
    uploadId: image.uploadId,
    imageId: image.id,
    id: file.id,
    number,
    round,
    kind: 'main',
    of: null,
    key: file.key,
    fileName: file.fileName,
    size: file.size,
    contentType: file.contentType,
    // #15 made no preview of a finished file: the preview worker makes it when the job's images are read.
    preview: 'PENDING',
    thumbnailKey: null,
    screenKey: null,
    width: null,
    height: null,
    deliveredBy: ((file as StoredFile & { deliveredBy?: string }).deliveredBy ?? 'unknown') as string,
    createdAt: file.createdAt,
    // #15 had no QC: a finished file was the client's once the job's files were released.
    releasedAt: file.createdAt,
    qc: null,
  };
  try {
    await transact([
      { Put: newItemPut({ ...versionKey(image.uploadId, image.id, file.id), type: 'ImageVersion', ...version }) },
      {
        Update: {
          TableName: tableName(),
          Key: photoKey(image.uploadId, image.id),
          UpdateExpression: 'SET #count = :n, #current = :summary, #released = :summary, #jobId = :jobId',
          ConditionExpression: 'attribute_exists(#pk) AND (attribute_not_exists(#count) OR #count = :before)',
          ExpressionAttributeNames: {
            '#pk': keyNames.pk,
            '#count': 'versionCount',
            '#current': 'current',
            '#released': 'released',
            '#jobId': 'jobId',
          },
          ExpressionAttributeValues: {
            ':n': number,
            ':before': image.versionCount,
            ':summary': summaryOf(version),
            ':jobId': job.id,
          },
        },
      },
      {
        Delete: {
          TableName: tableName(),
          Key: deliverableKey(job.id, file.id),
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: { '#pk': keyNames.pk },
        },
      },
    ]);
    return version;
  } catch (error) {
    // Moved by another run at the same time: read again on the next run.
    if (isTransactionCancelled(error)) return null;
    throw error;
  }
}

async function indexImage(job: JobItem, image: ImageItem, status: ImageStatus): Promise<boolean> {
  return writeUnlessRefused(
    new UpdateCommand({
      TableName: tableName(),
      Key: photoKey(image.uploadId, image.id),
      UpdateExpression:
        'SET #status = :status, #statusAt = :statusAt, #preview = :preview, #jobId = :jobId, ' +
        '#count = if_not_exists(#count, :zero), #updatedAt = :now, #g1pk = :g1pk, #g1sk = :g1sk, #g3pk = :g3pk, #g3sk = :g3sk',
      ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#status)',
      ExpressionAttributeNames: {
        '#pk': keyNames.pk,
        '#status': 'status',
        '#statusAt': 'statusAt',
        '#preview': 'preview',
        '#jobId': 'jobId',
        '#count': 'versionCount',
        '#updatedAt': 'updatedAt',
        '#g1pk': keyNames.gsi1.partitionKey,
        '#g1sk': keyNames.gsi1.sortKey,
        '#g3pk': keyNames.gsi3.partitionKey,
        '#g3sk': keyNames.gsi3.sortKey,
      },
      ExpressionAttributeValues: {
        ':status': status,
        ':statusAt': image.createdAt,
        ':preview': image.preview,
        ':jobId': job.id,
        ':zero': 0,
        ':now': new Date().toISOString(),
        ...Object.fromEntries(
          Object.entries({
            ...imageStatusIndexKeys(image.uploadId, image.id, status),
            ...imageStemIndexKeys(image.uploadId, image.id, fileStem(image.fileName)),
          }).map(([name, value]) => [
            name === keyNames.gsi1.partitionKey
              ? ':g1pk'
              : name === keyNames.gsi1.sortKey
                ? ':g1sk'
                : name === keyNames.gsi3.partitionKey
                  ? ':g3pk'
                  : ':g3sk',
            value,
          ]),
        ),
      },
    }),
  );
}

/** Migrates one job (pattern 75); safe to run again, and at the same time as another run. */
export async function migrateJob(jobId: string): Promise<JobMigration> {
  const result: JobMigration = { jobId, outcome: 'migrated', images: 0, versions: 0, unmatched: [] };
  const job = await getJobItem(jobId);
  if (!job) return { ...result, outcome: 'missing' };
  if (!job.uploadId) return { ...result, outcome: 'no-images' };
  if (job.imageCounts) return { ...result, outcome: 'done-before' };
  const uploadId = job.uploadId;

  // 1. Finished files to versions, oldest first, so the newest is each image's current version.
  const stems = new Map<string, ImageItem[]>();
  for (const image of await allImages(uploadId, { consistent: true })) {
    const stem = fileStem(image.fileName);
    stems.set(stem, [...(stems.get(stem) ?? []), image]);
  }
  const rounds = (await listRevisions(job.id)).map((revision) => revision.requestedAt);
  const files = (await allFiles({ jobId: job.id })).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const file of files) {
    const candidates = stems.get(fileStem(file.fileName)) ?? [];
    if (candidates.length !== 1) {
      result.unmatched.push(file.fileName);
      continue;
    }
    const image = candidates[0]!;
    const version = await moveDeliverable(job, image, file, roundAt(rounds, file.createdAt));
    if (version) {
      result.versions++;
      const summary = summaryOf(version);
      stems.set(fileStem(image.fileName), [
        { ...image, versionCount: version.number, current: summary, released: summary },
      ]);
    }
  }

  // 2. Photos to images.
  const images = await allImages(uploadId, { consistent: true });
  for (const image of images) {
    if (image.indexed) continue;
    if (await indexImage(job, image, statusOf(job, image.current !== null))) result.images++;
  }

  // 3. The job's counts, once every image has its status.
  const after = await allImages(uploadId, { consistent: true });
  if (after.some((image) => !image.indexed)) throw new Error(`job ${job.id}: photos still without a status`);
  const counts = imageCountsOf({});
  for (const image of after) counts[image.status] += 1;
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(job.id),
        UpdateExpression: 'SET #counts = :counts, #version = if_not_exists(#version, :zero)',
        ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#counts)',
        ExpressionAttributeNames: { '#pk': keyNames.pk, '#counts': 'imageCounts', '#version': 'imagesVersion' },
        ExpressionAttributeValues: { ':counts': counts, ':zero': 0 },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return { ...result, outcome: 'done-before' };
  }
  return result;
}

export interface MigrationState {
  status: 'RUNNING' | 'DONE';
  /** The GSI3 position of the last job of the last page done: where a stopped run goes on. */
  lastJob: Record<string, string> | null;
  jobs: number;
  imagesMigrated: number;
  versionsMigrated: number;
  unmatchedFiles: number;
  updatedAt: string;
}

const stateName = 'images';

export async function migrationState(): Promise<MigrationState | null> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: migrationStateKey(stateName), ConsistentRead: true }),
  );
  return (result.Item as MigrationState | undefined) ?? null;
}

async function saveState(state: MigrationState): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...migrationStateKey(stateName), type: 'MigrationState', ...state },
    }),
  );
}

/**
 * The whole table's migration (pattern 74): every job, newest first, a page at a time, each page's
 * position saved, so a run stopped anywhere goes on from there; done once, then a no-op. The one
 * place that reads every job, and only once.
 */
export async function runImageMigration(
  options: { log?: (message: string, fields: Record<string, unknown>) => void; pageSize?: number } = {},
): Promise<MigrationState> {
  const before = await migrationState();
  if (before?.status === 'DONE') return before;
  const state: MigrationState = before ?? {
    status: 'RUNNING',
    lastJob: null,
    jobs: 0,
    imagesMigrated: 0,
    versionsMigrated: 0,
    unmatchedFiles: 0,
    updatedAt: new Date().toISOString(),
  };
  let start = state.lastJob ?? undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: keyNames.gsi3.name,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': keyNames.gsi3.partitionKey },
        ExpressionAttributeValues: { ':pk': allJobsPartition },
        ScanIndexForward: false,
        Limit: options.pageSize ?? 100,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      if (!item.uploadId || item.imageCounts) continue;
      const done = await migrateJob(item.id as string);
      state.jobs += done.outcome === 'migrated' ? 1 : 0;
      state.imagesMigrated += done.images;
      state.versionsMigrated += done.versions;
      state.unmatchedFiles += done.unmatched.length;
      options.log?.('job migrated', { ...done });
    }
    start = page.LastEvaluatedKey as Record<string, string> | undefined;
    state.lastJob = start ?? null;
    state.updatedAt = new Date().toISOString();
    if (start) await saveState(state);
  } while (start);
  state.status = 'DONE';
  await saveState(state);
  return state;
}
