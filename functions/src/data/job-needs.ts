import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { Job } from '@studio/shared/job';
import { newWithinDays, unpaidAfterDays, type JobNeedsKey, type NeedsAction } from '@studio/shared/studio-overview';
import { documentClient } from '../lib/dynamo.ts';
import { isConditionFailed } from '../lib/dynamo-errors.ts';
import { endOfDayIn, needsMarkersOf, possibleMarkerKeys, type Marker, type NeedsFields } from './job-needs-markers.ts';
import { batchGet } from './batch-get.ts';
import { jobsByIds } from './job-search.ts';
import { jobItemOf, toJob } from './jobs.ts';
import {
  allJobsPartition,
  applicationsPartition,
  jobKey,
  keyNames,
  leadListPartition,
  needsActionCountsKey,
  needsMarkerPartition,
  needsMarkerRepairKey,
  openJobDuePrefix,
  openJobsPartition,
  qcPartitions,
  tableName,
  type ItemKeys,
} from './keys.ts';
import { decodeCursor, encodeCursor } from './page-cursor.ts';
import { queryPages } from './query-all.ts';
import { getStudioSettings } from './settings.ts';

/*
 * What needs action now (#40, item 9; docs/data-model.md patterns 86-89). Every count is a key
 * range counted with `Select: COUNT`, never a read of every job:
 * - overdue and due today: ranges of the open-jobs index (GSI4 `OPEN_JOBS`, `DUE#<dueAt>#<id>`);
 * - waiting for QC: the QC board's 16 shards (GSI2 `QC#<nn>`);
 * - new leads and applications: their lists since 7 days ago (GSI1, sort keys start with the time);
 * - unassigned, cancellation requests, unpaid: marker items (`NEEDS#<list>` / `<at>#<jobId>`) that
 *   the writer of a job's status, editor, payment or cancellation request puts or deletes in the
 *   same transaction (`needsMarkerWrites`); the hourly run puts right the jobs changed since its
 *   last run, and a one-off every job (`repairNeedsMarkers`).
 * The counts are kept for a minute in one item, so many managers' dashboards cost one count a minute.
 */

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Deletes of every marker the job could have (its deletion). */
export function needsMarkerDeletes(job: NeedsFields): TransactItem[] {
  return possibleMarkerKeys(job).map((key) => ({ Delete: { TableName: tableName(), Key: key } }));
}

const keyId = (key: ItemKeys) => `${key[keyNames.pk]}\n${key[keyNames.sk]}`;

function markerPut(jobId: string, marker: Marker): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...marker.key, type: 'NeedsMarker', list: marker.list, jobId, at: marker.at },
    },
  };
}

/**
 * The puts and deletes that move a job's markers from what `before` called for to what `after`
 * does: none when its lists did not change. Written in the transaction of the change itself.
 */
export function needsMarkerWrites(before: NeedsFields | null, after: NeedsFields | null): TransactItem[] {
  const had = new Map(needsMarkersOf(before).map((marker) => [keyId(marker.key), marker]));
  const wants = new Map(needsMarkersOf(after).map((marker) => [keyId(marker.key), marker]));
  const writes: TransactItem[] = [];
  for (const [id, marker] of had) {
    if (!wants.has(id)) writes.push({ Delete: { TableName: tableName(), Key: marker.key } });
  }
  const jobId = (after ?? before)!.id;
  for (const [id, marker] of wants) if (!had.has(id)) writes.push(markerPut(jobId, marker));
  return writes;
}

// ---------------------------------------------------------------------------------------------
// Keeping the markers in step (the hourly run, the one-off repair)

/** The attributes of a job that decide its markers (a projection of the job item). */
export const needsFieldsProjection = {
  expression: '#id, #status, #createdAt, #updatedAt, #editorId, #payment, #cancellationRequest',
  names: {
    '#id': 'id',
    '#status': 'status',
    '#createdAt': 'createdAt',
    '#updatedAt': 'updatedAt',
    '#editorId': 'editorId',
    '#payment': 'payment',
    '#cancellationRequest': 'cancellationRequest',
  },
};

/** What decides the markers of these jobs, read by key (consistent; a job deleted meanwhile is left out). */
export async function needsFieldsOf(ids: readonly string[]): Promise<(NeedsFields & { updatedAt: string })[]> {
  return batchGet<NeedsFields & { updatedAt: string }>(
    ids.map((id) => jobKey(id)),
    { projection: needsFieldsProjection },
  );
}

export interface NeedsMarkerRepair {
  checked: number;
  /** Jobs whose markers were put right. */
  repaired: string[];
}

/**
 * Puts right the markers of these jobs (as read, with their `updatedAt`): reads the markers each
 * could have, and writes the difference in one transaction per job, conditional on the job not
 * having changed since it was read (its writer set its markers then).
 */
export async function repairNeedsMarkersOf(
  jobs: readonly (NeedsFields & { updatedAt: string })[],
  result: NeedsMarkerRepair,
): Promise<void> {
  for (let at = 0; at < jobs.length; at += 25) {
    const chunk = jobs.slice(at, at + 25);
    const stored = new Set<string>();
    const found = await batchGet(chunk.flatMap(possibleMarkerKeys), {
      projection: { expression: '#pk, #sk', names: { '#pk': keyNames.pk, '#sk': keyNames.sk } },
    });
    for (const item of found) stored.add(keyId(item as ItemKeys));
    for (const job of chunk) {
      result.checked++;
      const wants = new Map(needsMarkersOf(job).map((marker) => [keyId(marker.key), marker]));
      const writes: TransactItem[] = [];
      for (const key of possibleMarkerKeys(job)) {
        if (stored.has(keyId(key)) && !wants.has(keyId(key))) {
          writes.push({ Delete: { TableName: tableName(), Key: key } });
        }
      }
      for (const [id, marker] of wants) if (!stored.has(id)) writes.push(markerPut(job.id, marker));
      if (writes.length === 0) continue;
      try {
        await documentClient.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                ConditionCheck: {
                  TableName: tableName(),
                  Key: jobKey(job.id),
                  ConditionExpression: '#updatedAt = :seen',
                  ExpressionAttributeNames: { '#updatedAt': 'updatedAt' },
                  ExpressionAttributeValues: { ':seen': job.updatedAt },
                },
              },
              ...writes,
            ],
          }),
        );
        result.repaired.push(job.id);
      } catch (error) {
        // Changed meanwhile: its writer set its markers.
        if (!isConditionFailed(error)) throw error;
      }
    }
  }
}

/**
 * Reads every job (the all-jobs index) and puts right the markers of those out of step: the
 * one-off after the deployment that adds them (`npm run repair-open-jobs`; `npm start` on a local
 * table kept from before). `onlyJobs` limits it (the API tests share one table).
 */
export async function repairNeedsMarkers(
  options: { onlyJobs?: ReadonlySet<string>; onPage?: (progress: Readonly<NeedsMarkerRepair>) => void } = {},
): Promise<NeedsMarkerRepair> {
  const result: NeedsMarkerRepair = { checked: 0, repaired: [] };
  const pages = queryPages(
    {
      TableName: tableName(),
      IndexName: keyNames.gsi3.name,
      KeyConditionExpression: '#pk = :pk',
      ProjectionExpression: needsFieldsProjection.expression,
      ExpressionAttributeNames: { '#pk': keyNames.gsi3.partitionKey, ...needsFieldsProjection.names },
      ExpressionAttributeValues: { ':pk': allJobsPartition },
    },
    500,
  );
  for await (const page of pages) {
    const jobs = (page.Items ?? []) as (NeedsFields & { updatedAt: string })[];
    await repairNeedsMarkersOf(
      jobs.filter((job) => !options.onlyJobs || options.onlyJobs.has(job.id)),
      result,
    );
    options.onPage?.(result);
  }
  return result;
}

/** The repair above once per table (recorded when done); `fresh`: a table just seeded needs none. */
export async function repairNeedsMarkersOnce(
  options: { fresh?: boolean; now?: Date } = {},
): Promise<NeedsMarkerRepair | null> {
  const done = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: needsMarkerRepairKey(), ConsistentRead: true }),
  );
  if (done.Item) return null;
  const result = options.fresh ? { checked: 0, repaired: [] } : await repairNeedsMarkers();
  await recordNeedsMarkerRepair(result, options.now);
  return result;
}

export async function recordNeedsMarkerRepair(result: NeedsMarkerRepair, now = new Date()): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...needsMarkerRepairKey(),
        type: 'ScheduledRun',
        through: now.toISOString(),
        checked: result.checked,
        repaired: result.repaired.length,
      },
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Counting

const dayMs = 24 * 60 * 60 * 1000;

/** The ranges a count reads, at `now`. */
export interface NeedsRanges {
  now: string;
  endOfToday: string;
  unpaidBefore: string;
  newSince: string;
}

export async function needsRangesAt(now: Date): Promise<NeedsRanges> {
  const { timeZone } = await getStudioSettings();
  return {
    now: now.toISOString(),
    endOfToday: endOfDayIn(now, timeZone),
    unpaidBefore: new Date(now.getTime() - unpaidAfterDays * dayMs).toISOString(),
    newSince: new Date(now.getTime() - newWithinDays * dayMs).toISOString(),
  };
}

/** The key condition of each list: a partition and a sort-key range. */
function listRanges(ranges: NeedsRanges) {
  const gsi4 = { index: keyNames.gsi4, partition: openJobsPartition };
  return {
    overdue: { ...gsi4, from: openJobDuePrefix, to: `${openJobDuePrefix}${ranges.now}` },
    dueToday: { ...gsi4, from: `${openJobDuePrefix}${ranges.now}`, to: `${openJobDuePrefix}${ranges.endOfToday}` },
    unassigned: { index: null, partition: needsMarkerPartition('unassigned'), from: null, to: null },
    cancellationRequests: {
      index: null,
      partition: needsMarkerPartition('cancellationRequests'),
      from: null,
      to: null,
    },
    unpaid: { index: null, partition: needsMarkerPartition('unpaid'), from: null, to: ranges.unpaidBefore },
  } as const;
}

type Range = {
  index: { name: string; partitionKey: string; sortKey: string } | null;
  partition: string;
  from: string | null;
  to: string | null;
};

function rangeQuery(range: Range): QueryCommandInput {
  const pk = range.index?.partitionKey ?? keyNames.pk;
  const sk = range.index?.sortKey ?? keyNames.sk;
  const names: Record<string, string> = { '#pk': pk };
  const values: Record<string, unknown> = { ':pk': range.partition };
  let condition = '#pk = :pk';
  if (range.from !== null || range.to !== null) names['#sk'] = sk;
  // A sort key `<at>#<id>` is below `<to>` exactly when `<at>` is before it; above `<from>` when at or after it.
  if (range.from !== null && range.to !== null) {
    condition += ' AND #sk BETWEEN :from AND :to';
    Object.assign(values, { ':from': range.from, ':to': range.to });
  } else if (range.to !== null) {
    condition += ' AND #sk < :to';
    values[':to'] = range.to;
  } else if (range.from !== null) {
    condition += ' AND #sk >= :from';
    values[':from'] = range.from;
  }
  return {
    TableName: tableName(),
    ...(range.index ? { IndexName: range.index.name } : { ConsistentRead: true }),
    KeyConditionExpression: condition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** The number of items in a key range, read with `Select: COUNT` (pages of 1 MB, summed). */
async function countRange(range: Range): Promise<number> {
  let count = 0;
  for await (const page of queryPages({ ...rangeQuery(range), Select: 'COUNT' })) count += page.Count ?? 0;
  return count;
}

/** The eight counts, read now (about 25 small queries, in parallel). */
export async function countNeedsAction(now = new Date()): Promise<NeedsAction> {
  const ranges = await needsRangesAt(now);
  const lists = listRanges(ranges);
  const since = (partition: string): Range => ({ index: keyNames.gsi1, partition, from: ranges.newSince, to: null });
  const [overdue, dueToday, unassigned, cancellationRequests, unpaid, qc, contact, freeTrial, newApplications] =
    await Promise.all([
      countRange(lists.overdue),
      countRange(lists.dueToday),
      countRange(lists.unassigned),
      countRange(lists.cancellationRequests),
      countRange(lists.unpaid),
      Promise.all(
        qcPartitions().map((partition) => countRange({ index: keyNames.gsi2, partition, from: null, to: null })),
      ),
      countRange(since(leadListPartition('contact'))),
      countRange(since(leadListPartition('freeTrial'))),
      countRange(since(applicationsPartition)),
    ]);
  return {
    overdue,
    dueToday,
    waitingForQc: qc.reduce((sum, shard) => sum + shard, 0),
    unassigned,
    cancellationRequests,
    unpaid,
    newLeads: contact + freeTrial,
    newApplications,
  };
}

/** How long a count stands before the next request counts again. */
export const needsActionMaxAgeMs = 60 * 1000;

/**
 * The counts as kept for up to a minute (`countedAt`), or counted now and kept: one count a minute
 * however many dashboards ask. A count kept with a later `countedAt` by another request stands.
 */
export async function needsActionAsOf(now = new Date()): Promise<{ needsAction: NeedsAction; countedAt: string }> {
  const kept = await documentClient.send(new GetCommand({ TableName: tableName(), Key: needsActionCountsKey() }));
  const item = kept.Item as { needsAction?: NeedsAction; countedAt?: string } | undefined;
  if (item?.needsAction && item.countedAt) {
    const age = now.getTime() - Date.parse(item.countedAt);
    if (age >= 0 && age < needsActionMaxAgeMs) return { needsAction: item.needsAction, countedAt: item.countedAt };
  }
  const needsAction = await countNeedsAction(now);
  const countedAt = now.toISOString();
  try {
    await documentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...needsActionCountsKey(), type: 'NeedsActionCounts', needsAction, countedAt },
        ConditionExpression: 'attribute_not_exists(#countedAt) OR #countedAt < :countedAt',
        ExpressionAttributeNames: { '#countedAt': 'countedAt' },
        ExpressionAttributeValues: { ':countedAt': countedAt },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
  return { needsAction, countedAt };
}

// ---------------------------------------------------------------------------------------------
// The lists behind the counts

/** Sort order of each list: most overdue and soonest due first, unpaid oldest first, others newest first. */
const ascending: Record<JobNeedsKey, boolean> = {
  overdue: true,
  dueToday: true,
  unpaid: true,
  unassigned: false,
  cancellationRequests: false,
};

/**
 * A page of the jobs one count counts (`GET api/jobs?needs=<key>`): the same key range, read in
 * the list's order; the jobs of a marker list read by id (a job deleted meanwhile is left out).
 */
export async function listNeedsPage(
  key: JobNeedsKey,
  options: { limit: number; cursor?: string; now?: Date },
): Promise<{ jobs: Job[]; nextCursor: string | null }> {
  const ranges = await needsRangesAt(options.now ?? new Date());
  const range: Range = listRanges(ranges)[key];
  const pk = range.index?.partitionKey ?? keyNames.pk;
  const sk = range.index?.sortKey ?? keyNames.sk;
  const names = range.index ? [keyNames.pk, keyNames.sk, pk, sk] : [keyNames.pk, keyNames.sk];
  let start = decodeCursor(options.cursor, { names, equal: { [pk]: range.partition } });
  // The ranges move with the clock (and a cursor may come from another list of the same index):
  // a position before the range starts it from its beginning, one past its end has nothing left.
  // DynamoDB refuses a start key outside the key condition.
  if (start && range.from !== null && start[sk]! < range.from) start = undefined;
  if (start && range.to !== null && start[sk]! >= range.to) return { jobs: [], nextCursor: null };
  const page = await documentClient.send(
    new QueryCommand({
      ...rangeQuery(range),
      ScanIndexForward: ascending[key],
      Limit: options.limit,
      ExclusiveStartKey: start,
    }),
  );
  const items = (page.Items ?? []) as Record<string, unknown>[];
  let jobs: Job[];
  if (range.index) {
    jobs = items.map((item) => toJob(jobItemOf(item)));
  } else {
    const ids = items.map((item) => item.jobId as string);
    const found = new Map((await jobsByIds(ids)).map((job) => [job.id, job]));
    jobs = ids.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
  }
  return { jobs, nextCursor: encodeCursor(page.LastEvaluatedKey) };
}

export { endOfDayIn, type NeedsFields };
