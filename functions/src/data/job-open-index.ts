import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { JobStatus } from '@studio/shared/job';
import { documentClient } from '../lib/dynamo.ts';
import { isConditionFailed } from '../lib/dynamo-errors.ts';
import { needsFieldsOf, repairNeedsMarkersOf, type NeedsMarkerRepair } from './job-needs.ts';
import { queryPages } from './query-all.ts';
import {
  allJobsPartition,
  jobKey,
  keyNames,
  openJobIndexClauses,
  openJobIndexKeys,
  openJobsUpkeepKey,
  tableName,
  updateExpression,
} from './keys.ts';
import { writeUnlessRefused } from './transactions.ts';

/*
 * The open-jobs index (GSI4, docs/data-model.md pattern 53) is written by every writer of a job's
 * status or due time, in the same update. Two passes put right a job whose keys disagree with its
 * status and due time (a writer that forgot them, or a job written before the index existed):
 *
 * - `keepOpenJobsIndex`, in the hourly scheduled run: the jobs changed since its last run only,
 *   read from the jobs-by-last-change index (GSI5, pattern 54), so its reads follow the jobs that
 *   changed, not the size of the table;
 * - `repairOpenJobsIndex`, every job (the all-jobs index): a one-off after the deployment that adds
 *   the index (`npm run repair-open-jobs`; `npm start` runs it when it adds the index locally).
 *
 * A job changed meanwhile is left alone (its writer set its keys): the update is conditional on
 * the `updatedAt` read.
 */

interface IndexedFields {
  id: string;
  status: JobStatus;
  dueAt?: string | null;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export interface OpenIndexRepair {
  /** Jobs read: the items DynamoDB returned, page by page. */
  checked: number;
  /** Jobs whose keys were put right. */
  repaired: string[];
}

export interface OpenIndexUpkeep extends OpenIndexRepair {
  /** Jobs whose markers of what needs action (#40, job-needs.ts) were put right. */
  needsRepaired: string[];
  /** The jobs read are those changed at or after this time. */
  since: string;
  /** Pages of the index read. */
  pages: number;
}

/**
 * How far before its last run the hourly run reads again: a job written just before the previous
 * run may not have reached the index yet (it is eventually consistent), and the writer's clock may
 * be a little behind the scheduled function's. Reading a job twice is harmless.
 */
export const upkeepOverlapMs = 15 * 60 * 1000;
/** Jobs a page of the one-off repair reads. */
const repairPageSize = 1000;
/** What the first run reads, without a record of a previous one: its hour, and the overlap. */
const firstRunWindowMs = 60 * 60 * 1000;

/** Whether the stored keys are the ones the job's status and due time call for. */
function inStep(job: IndexedFields): boolean {
  const want = openJobIndexKeys(job);
  const { partitionKey, sortKey } = keyNames.gsi4;
  if (!want) return job[partitionKey] === undefined && job[sortKey] === undefined;
  return job[partitionKey] === want[partitionKey] && job[sortKey] === want[sortKey];
}

/** Puts one job's keys right, unless it changed since it was read (`false` then). */
async function repairOne(job: IndexedFields): Promise<boolean> {
  const index = openJobIndexClauses(job);
  return writeUnlessRefused(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobKey(job.id),
      UpdateExpression: updateExpression(index.set, index.remove),
      ConditionExpression: 'attribute_exists(#pk) AND #updatedAt = :seen',
      ExpressionAttributeNames: { '#pk': keyNames.pk, '#updatedAt': 'updatedAt', ...index.names },
      ExpressionAttributeValues: { ':seen': job.updatedAt, ...index.values },
    }),
  );
}

async function repairPage(
  items: readonly IndexedFields[],
  result: OpenIndexRepair,
  onlyJobs: ReadonlySet<string> | undefined,
): Promise<void> {
  for (const item of items) {
    result.checked++;
    if (inStep(item) || (onlyJobs && !onlyJobs.has(item.id))) continue;
    if (await repairOne(item)) result.repaired.push(item.id);
  }
}

const indexedFieldNames = (partitionKey: string, sortKey: string) => ({
  '#id': 'id',
  '#status': 'status',
  '#dueAt': 'dueAt',
  '#createdAt': 'createdAt',
  '#updatedAt': 'updatedAt',
  '#gsi4pk': partitionKey,
  '#gsi4sk': sortKey,
});
const indexedFieldsProjection = '#id, #status, #dueAt, #createdAt, #updatedAt, #gsi4pk, #gsi4sk';

/**
 * The hourly run's part: reads the jobs changed since the last run (GSI5, from the recorded time
 * less `upkeepOverlapMs`) and puts right the open-jobs keys of those out of step, then records `now`
 * as read through. Without a record (the first run after the deployment that adds GSI5), it reads
 * the last hour and the overlap; the jobs before are the one-off repair's. The record moves only
 * forward, and only once a run read everything it had to: a failed run is read again by the next.
 */
export async function keepOpenJobsIndex(
  now: Date = new Date(),
  options: { onlyJobs?: ReadonlySet<string> } = {},
): Promise<OpenIndexUpkeep> {
  const mark = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: openJobsUpkeepKey(), ConsistentRead: true }),
  );
  const through = typeof mark.Item?.through === 'string' ? Date.parse(mark.Item.through) : Number.NaN;
  const since = new Date(
    Number.isNaN(through) ? now.getTime() - firstRunWindowMs - upkeepOverlapMs : through - upkeepOverlapMs,
  ).toISOString();
  const result: OpenIndexUpkeep = { since, checked: 0, repaired: [], needsRepaired: [], pages: 0 };
  const needs: NeedsMarkerRepair = { checked: 0, repaired: result.needsRepaired };
  const { partitionKey, sortKey } = keyNames.gsi4;
  const changed = queryPages({
    TableName: tableName(),
    IndexName: keyNames.gsi5.name,
    KeyConditionExpression: '#pk = :pk AND #updatedAt >= :since',
    ProjectionExpression: indexedFieldsProjection,
    ExpressionAttributeNames: { '#pk': keyNames.gsi5.partitionKey, ...indexedFieldNames(partitionKey, sortKey) },
    ExpressionAttributeValues: { ':pk': allJobsPartition, ':since': since },
  });
  for await (const page of changed) {
    result.pages++;
    const items = (page.Items ?? []) as IndexedFields[];
    await repairPage(items, result, options.onlyJobs);
    // The markers of what needs action (#40) of the same jobs: GSI5 does not project what decides
    // them, so the changed jobs are read by key.
    const changedIds = items
      .filter((item) => !options.onlyJobs || options.onlyJobs.has(item.id))
      .map((item) => item.id);
    await repairNeedsMarkersOf(await needsFieldsOf(changedIds), needs);
  }
  const at = now.toISOString();
  try {
    await documentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...openJobsUpkeepKey(), type: 'OpenJobsUpkeep', through: at, checked: result.checked },
        ConditionExpression: 'attribute_not_exists(#through) OR #through < :at',
        ExpressionAttributeNames: { '#through': 'through' },
        ExpressionAttributeValues: { ':at': at },
      }),
    );
  } catch (error) {
    // A run with a later clock recorded already: its record stands.
    if (!isConditionFailed(error)) throw error;
  }
  return result;
}

/**
 * Reads every job and repairs the open-jobs keys of those out of step: the one-off after the
 * deployment that adds the index. `onlyJobs` limits the repairs (the API tests share one table with
 * other files' jobs, which a test must leave alone); `onPage` hears the totals after each page (the
 * command prints its progress).
 */
export async function repairOpenJobsIndex(
  options: { onlyJobs?: ReadonlySet<string>; onPage?: (progress: Readonly<OpenIndexRepair>) => void } = {},
): Promise<OpenIndexRepair> {
  const result: OpenIndexRepair = { checked: 0, repaired: [] };
  const { partitionKey, sortKey } = keyNames.gsi4;
  const jobs = queryPages(
    {
      TableName: tableName(),
      IndexName: keyNames.gsi3.name,
      KeyConditionExpression: '#pk = :pk',
      ProjectionExpression: indexedFieldsProjection,
      ExpressionAttributeNames: { '#pk': keyNames.gsi3.partitionKey, ...indexedFieldNames(partitionKey, sortKey) },
      ExpressionAttributeValues: { ':pk': allJobsPartition },
    },
    // Pages of a thousand jobs (rather than 1 MB, about five thousand): each request stays short,
    // and the command reports its progress as it goes.
    repairPageSize,
  );
  for await (const page of jobs) {
    await repairPage((page.Items ?? []) as IndexedFields[], result, options.onlyJobs);
    options.onPage?.(result);
  }
  return result;
}
