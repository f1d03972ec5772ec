import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { openJobStatuses } from '@studio/shared/job-workflow';
import { documentClient } from '../lib/dynamo.ts';
import { isTransactionCancelled } from '../lib/dynamo-errors.ts';
import { getJobItem, toJob } from './jobs.ts';
import { jobKey, keyNames, openJobDuePrefix, openJobsPartition, tableName } from './keys.ts';
import { jobSnapshot, outboxItem } from './outbox.ts';
import { transact } from './transactions.ts';

/*
 * Overdue notices (#17, #18; docs/data-model.md pattern 52). A job the studio still owes work on
 * (PENDING, IN_PROGRESS, REVISION_REQUESTED) whose due time has passed tells the managers once:
 * the job keeps `overdueNoticeFor`, the due time the notice was about, set in the transaction that
 * puts the `job.overdue` outbox item. A manager moving the due time makes a new notice possible
 * for the new time; nothing else about the job changes (`updatedAt` stays, so no other writer's
 * condition is disturbed).
 */

/** The statuses in which the studio owes work, so a due time can pass: shared's open statuses. */
const owedStatuses = openJobStatuses;

/** `#status IN (:s0, :s1, ...)` with its values, for the filter and the condition alike. */
const owedValues = Object.fromEntries(owedStatuses.map((status, i) => [`:s${i}`, status]));
const isOwed = `#status IN (${Object.keys(owedValues).join(', ')})`;

/**
 * Jobs due before `now` and not yet noticed for that due time: the open-jobs index's due jobs up to
 * `now` (GSI4, `DUE#` .. `DUE#<now>`, pattern 52), the most overdue first, without those already
 * noticed. Only owed jobs are in that index, so a run reads the overdue ones, not every job; the
 * scheduled run repairs the index just before (`job-open-index.ts`).
 */
export async function listOverdueCandidates(
  now: string,
  start?: Record<string, unknown>,
): Promise<{ jobIds: string[]; next?: Record<string, unknown> }> {
  const input: QueryCommandInput = {
    TableName: tableName(),
    IndexName: keyNames.gsi4.name,
    // `DUE#<dueAt>#<id>` sorts below `DUE#<now>` exactly when dueAt < now (ISO times of one length).
    KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
    FilterExpression: `${isOwed} AND (attribute_not_exists(#notice) OR #notice <> #dueAt)`,
    ProjectionExpression: '#id',
    ExpressionAttributeNames: {
      '#pk': keyNames.gsi4.partitionKey,
      '#sk': keyNames.gsi4.sortKey,
      '#dueAt': 'dueAt',
      '#status': 'status',
      '#notice': 'overdueNoticeFor',
      '#id': 'id',
    },
    ExpressionAttributeValues: {
      ':pk': openJobsPartition,
      ':from': openJobDuePrefix,
      ':to': `${openJobDuePrefix}${now}`,
      ...owedValues,
    },
    ...(start ? { ExclusiveStartKey: start } : {}),
  };
  const page = await documentClient.send(new QueryCommand(input));
  return {
    jobIds: (page.Items ?? []).map((item) => item.id as string),
    ...(page.LastEvaluatedKey ? { next: page.LastEvaluatedKey } : {}),
  };
}

/**
 * Records the notice of one overdue job and queues its e-mail, in one transaction conditional on
 * the job still being owed, still due at the time read and not yet noticed for it. `false`: the
 * job changed meanwhile (delivered, cancelled, moved, noticed by a concurrent run) and needs none.
 */
export async function noticeOverdue(jobId: string, now: string): Promise<boolean> {
  const job = await getJobItem(jobId);
  if (!job?.dueAt || job.dueAt >= now || !owedStatuses.includes(job.status)) return false;
  if (job.overdueNoticeFor === job.dueAt) return false;
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: jobKey(jobId),
          UpdateExpression: 'SET #notice = :dueAt',
          ConditionExpression: `#dueAt = :dueAt AND ${isOwed} AND (attribute_not_exists(#notice) OR #notice <> :dueAt)`,
          ExpressionAttributeNames: { '#notice': 'overdueNoticeFor', '#dueAt': 'dueAt', '#status': 'status' },
          ExpressionAttributeValues: { ':dueAt': job.dueAt, ...owedValues },
        },
      },
      outboxItem({ event: 'job.overdue', job: jobSnapshot(toJob(job)) }),
    ]);
    return true;
  } catch (error) {
    if (isTransactionCancelled(error)) return false;
    throw error;
  }
}
