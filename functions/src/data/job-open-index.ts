import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { JobStatus } from '@studio/shared/job';
import { documentClient } from '../lib/dynamo.ts';
import { isConditionFailed } from '../lib/dynamo-errors.ts';
import {
  allJobsPartition,
  jobKey,
  keyNames,
  openJobIndexClauses,
  openJobIndexKeys,
  tableName,
  updateExpression,
} from './keys.ts';

/*
 * The open-jobs index (GSI4, docs/data-model.md pattern 53) is written by every writer of a job's
 * status or due time, in the same update. This pass is its safety net and its backfill: it reads
 * every job (the all-jobs index, as the overdue sweep does) and puts right any job whose keys
 * disagree with its status and due time: jobs written before the index existed, or by a writer
 * that forgot it. A job changed meanwhile is left alone (its writer set its keys): the update is
 * conditional on the `updatedAt` read.
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
  /** Jobs read. */
  checked: number;
  /** Jobs whose keys were put right. */
  repaired: string[];
}

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
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(job.id),
        UpdateExpression: updateExpression(index.set, index.remove),
        ConditionExpression: 'attribute_exists(#pk) AND #updatedAt = :seen',
        ExpressionAttributeNames: { '#pk': keyNames.pk, '#updatedAt': 'updatedAt', ...index.names },
        ExpressionAttributeValues: { ':seen': job.updatedAt, ...index.values },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/**
 * Reads every job and repairs the open-jobs keys of those out of step. `onlyJobs` limits the
 * repairs (the API tests share one table with other files' jobs, which a test must leave alone).
 */
export async function repairOpenJobsIndex(options: { onlyJobs?: ReadonlySet<string> } = {}): Promise<OpenIndexRepair> {
  const result: OpenIndexRepair = { checked: 0, repaired: [] };
  const { partitionKey, sortKey } = keyNames.gsi4;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: keyNames.gsi3.name,
        KeyConditionExpression: '#pk = :pk',
        ProjectionExpression: '#id, #status, #dueAt, #createdAt, #updatedAt, #gsi4pk, #gsi4sk',
        ExpressionAttributeNames: {
          '#pk': keyNames.gsi3.partitionKey,
          '#id': 'id',
          '#status': 'status',
          '#dueAt': 'dueAt',
          '#createdAt': 'createdAt',
          '#updatedAt': 'updatedAt',
          '#gsi4pk': partitionKey,
          '#gsi4sk': sortKey,
        },
        ExpressionAttributeValues: { ':pk': allJobsPartition },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of (page.Items ?? []) as IndexedFields[]) {
      result.checked++;
      if (inStep(item) || (options.onlyJobs && !options.onlyJobs.has(item.id))) continue;
      if (await repairOne(item)) result.repaired.push(item.id);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return result;
}
