import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ArchiveSet } from '@studio/shared/job-files';
import { documentClient } from '../lib/dynamo.ts';
import { isConditionFailed } from '../lib/dynamo-errors.ts';
import { archiveKey, archiveVolumeKey, archiveVolumePrefix, jobPartition, keyNames, tableName } from './keys.ts';
import { queryAll } from './query-all.ts';
import { writeUnlessRefused } from './transactions.ts';

/*
 * "Download all" (#15, in volumes since #33; docs/data-model.md patterns 39, 62): one record per job
 * and set, and one item per volume of at most 2 GB, each built by its own run of the files worker.
 *   Archive  JOB#<jobId> / ARCHIVE#<set>                  the build: id, what the set was, state
 *   Volume   JOB#<jobId> / ARCHIVE#<set>#VOLUME#<n>       a range of the set's items and its zip
 * A build moves on with a new `buildId`; a volume's run holds an `attempt` id: whatever a replaced
 * build or a lost run writes late is refused by its condition.
 */

export interface ArchiveRecord {
  set: ArchiveSet;
  /** PLANNING until the files are counted and the volumes written; then BUILDING (the volumes say more). */
  status: 'PLANNING' | 'BUILDING' | 'FAILED';
  buildId: string;
  /** What the set was when the build was asked for: an archive of a changed set is built again. */
  stamp: string;
  fileCount: number;
  /** Planned bytes of all volumes. */
  bytes: number | null;
  volumeCount: number | null;
  fileName: string;
  requestedAt: string;
  plannedAt: string | null;
  error: string | null;
}

/** Which items a volume holds: a range of one source's sort keys (whole images, never split). */
export interface VolumeRange {
  /** `images` (PHOTO# of the upload), `versions` (VERSION# of the upload), `files` (a job's DELIVERABLE#). */
  source: 'images' | 'versions' | 'files';
  first: string;
  last: string;
}

export interface VolumeRecord extends VolumeRange {
  set: ArchiveSet;
  buildId: string;
  number: number;
  status: 'PLANNED' | 'BUILDING' | 'READY' | 'FAILED';
  fileCount: number;
  plannedBytes: number;
  key: string;
  fileName: string;
  attempt: string | null;
  startedAt: string | null;
  builtAt: string | null;
  expiresAt: string | null;
  bytes: number | null;
  error: string | null;
  parts: number | null;
  peakBufferedBytes: number | null;
  peakRssBytes: number | null;
  durationMs: number | null;
}

function fieldsOf<T>(item: Record<string, unknown> | undefined): T | null {
  if (!item) return null;
  const { PK: _pk, SK: _sk, type: _type, ...record } = item;
  return record as T;
}

export async function getArchive(jobId: string, set: ArchiveSet): Promise<ArchiveRecord | null> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: archiveKey(jobId, set), ConsistentRead: true }),
  );
  const record = fieldsOf<ArchiveRecord>(result.Item);
  // A single zip of #15 (no volumes, no stamp) is outdated: the set is built again in volumes.
  return record && record.stamp !== undefined ? record : null;
}

/** Every volume of the set's archive, in order (of the build the record names; older ones are left out). */
export async function listVolumes(jobId: string, set: ArchiveSet, buildId: string): Promise<VolumeRecord[]> {
  const volumes = (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: { '#pk': keyNames.pk, '#sk': keyNames.sk },
      ExpressionAttributeValues: { ':pk': jobPartition(jobId), ':prefix': archiveVolumePrefix(set) },
      ConsistentRead: true,
    })
  ).map((item) => fieldsOf<VolumeRecord>(item)!);
  return volumes.filter((volume) => volume.buildId === buildId);
}

export async function getVolume(jobId: string, set: ArchiveSet, number: number): Promise<VolumeRecord | null> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: archiveVolumeKey(jobId, set, number), ConsistentRead: true }),
  );
  return fieldsOf<VolumeRecord>(result.Item);
}

function setClauses(fields: Record<string, unknown>, prefix = 'f') {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(fields).map(([name, value], i) => {
    names[`#${prefix}${i}`] = name;
    values[`:${prefix}${i}`] = value;
    return `#${prefix}${i} = :${prefix}${i}`;
  });
  return { names, values, sets };
}

/**
 * Starts a build: writes the record as PLANNING with a new build id, on condition that it is still
 * as read (no record, or the same build id), so two requests at once start one build. False when
 * another request got there first.
 */
export async function startArchive(jobId: string, before: { buildId: string } | null, next: ArchiveRecord) {
  return writeUnlessRefused(
    new PutCommand({
      TableName: tableName(),
      Item: { ...archiveKey(jobId, next.set), type: 'Archive', ...next },
      ConditionExpression: before ? '#buildId = :before' : 'attribute_not_exists(#pk) OR attribute_not_exists(#stamp)',
      ExpressionAttributeNames: before ? { '#buildId': 'buildId' } : { '#pk': keyNames.pk, '#stamp': 'stamp' },
      ExpressionAttributeValues: before ? { ':before': before.buildId } : undefined,
    }),
  );
}

/** Changes the record, unless a newer build replaced it (then false). */
export async function updateArchive(
  jobId: string,
  set: ArchiveSet,
  buildId: string,
  fields: Partial<Omit<ArchiveRecord, 'set' | 'buildId'>>,
): Promise<boolean> {
  const clauses = setClauses(fields);
  return writeUnlessRefused(
    new UpdateCommand({
      TableName: tableName(),
      Key: archiveKey(jobId, set),
      UpdateExpression: `SET ${clauses.sets.join(', ')}`,
      ConditionExpression: '#buildId = :buildId',
      ExpressionAttributeNames: { '#buildId': 'buildId', ...clauses.names },
      ExpressionAttributeValues: { ':buildId': buildId, ...clauses.values },
    }),
  );
}

/** Writes a planned volume (the plan of one build puts each once). */
export async function putVolume(jobId: string, volume: VolumeRecord): Promise<void> {
  try {
    await documentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...archiveVolumeKey(jobId, volume.set, volume.number), type: 'ArchiveVolume', ...volume },
        // A volume of an older build is replaced; one of this build is not written twice.
        ConditionExpression: 'attribute_not_exists(#pk) OR #buildId <> :buildId',
        ExpressionAttributeNames: { '#pk': keyNames.pk, '#buildId': 'buildId' },
        ExpressionAttributeValues: { ':buildId': volume.buildId },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/** A run of the worker that went quiet this long ago is taken for dead (Lambda stops one at 15 minutes). */
export const volumeRunLimitMs = 16 * 60 * 1000;

/**
 * Claims a volume for one run (`attempt`): a PLANNED or FAILED volume of this build, or one whose
 * run started longer ago than a run may last. False when another run holds it or it is READY.
 */
export async function claimVolume(
  jobId: string,
  set: ArchiveSet,
  number: number,
  claim: { buildId: string; attempt: string; now: string },
): Promise<boolean> {
  const stale = new Date(Date.parse(claim.now) - volumeRunLimitMs).toISOString();
  return writeUnlessRefused(
    new UpdateCommand({
      TableName: tableName(),
      Key: archiveVolumeKey(jobId, set, number),
      UpdateExpression: 'SET #status = :building, #attempt = :attempt, #startedAt = :now, #error = :null',
      ConditionExpression:
        '#buildId = :buildId AND (#status IN (:planned, :failed) OR (#status = :building AND #startedAt < :stale))',
      ExpressionAttributeNames: {
        '#status': 'status',
        '#attempt': 'attempt',
        '#startedAt': 'startedAt',
        '#error': 'error',
        '#buildId': 'buildId',
      },
      ExpressionAttributeValues: {
        ':building': 'BUILDING',
        ':planned': 'PLANNED',
        ':failed': 'FAILED',
        ':attempt': claim.attempt,
        ':now': claim.now,
        ':null': null,
        ':buildId': claim.buildId,
        ':stale': stale,
      },
    }),
  );
}

/** Records the end of a volume's run, unless another run took it over (then false). */
export async function finishVolume(
  jobId: string,
  set: ArchiveSet,
  number: number,
  attempt: string,
  result: Partial<VolumeRecord> & { status: 'READY' | 'FAILED' | 'PLANNED' },
): Promise<boolean> {
  const clauses = setClauses(result);
  return writeUnlessRefused(
    new UpdateCommand({
      TableName: tableName(),
      Key: archiveVolumeKey(jobId, set, number),
      UpdateExpression: `SET ${clauses.sets.join(', ')}`,
      ConditionExpression: '#attempt = :attempt',
      ExpressionAttributeNames: { '#attempt': 'attempt', ...clauses.names },
      ExpressionAttributeValues: { ':attempt': attempt, ...clauses.values },
    }),
  );
}

/** Marks a volume FAILED for a retry to pick up: a run that died, found by a read. */
export async function markVolumeFailed(
  jobId: string,
  volume: Pick<VolumeRecord, 'set' | 'number' | 'attempt'>,
  error: string,
): Promise<void> {
  if (!volume.attempt) return;
  await finishVolume(jobId, volume.set, volume.number, volume.attempt, { status: 'FAILED', error });
}
