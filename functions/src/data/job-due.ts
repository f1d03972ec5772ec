import type { Job } from '@studio/shared/job';
import type { HistoryActor } from '@studio/shared/payment';
import { getJobItem, toJob } from './jobs.ts';
import { jobKey, keyNames, openJobIndexClauses, tableName, updateExpression } from './keys.ts';
import { jobSnapshot, outboxItem } from './outbox.ts';
import { historyPut } from './payments.ts';
import { transact } from './transactions.ts';

/*
 * A job's due time moved by staff (#17, docs/data-model.md pattern 50): the job's `dueAt`, a
 * history entry of kind `due` and the outbox item of `job.dueMoved` (the client and the assigned
 * editor hear of it), in one transaction, conditional on the job being as read (`updatedAt`).
 */

export type MoveDueResult =
  | { kind: 'moved'; job: Job }
  | { kind: 'not-found' }
  /** Cancelled or finished: there is nothing left to be due. */
  | { kind: 'closed'; job: Job };

export async function moveJobDue(
  jobId: string,
  change: { dueAt: string; reason: string; actor: HistoryActor },
  now = new Date().toISOString(),
): Promise<MoveDueResult> {
  const before = await getJobItem(jobId);
  if (!before) return { kind: 'not-found' };
  if (before.status === 'CANCELLED' || before.status === 'COMPLETED') return { kind: 'closed', job: toJob(before) };
  const after = toJob({ ...before, dueAt: change.dueAt, updatedAt: now });
  const from = before.dueAt ?? null;
  // Its place among the open jobs moves with its due time.
  const index = openJobIndexClauses(after);
  await transact([
    {
      Update: {
        TableName: tableName(),
        Key: jobKey(jobId),
        UpdateExpression: updateExpression(['#dueAt = :dueAt', '#updatedAt = :now', ...index.set], index.remove),
        // A concurrent change of the job fails this (409): the manager sees the job as it is now.
        ConditionExpression: 'attribute_exists(#pk) AND #updatedAt = :before',
        ExpressionAttributeNames: { '#pk': keyNames.pk, '#dueAt': 'dueAt', '#updatedAt': 'updatedAt', ...index.names },
        ExpressionAttributeValues: {
          ':dueAt': change.dueAt,
          ':now': now,
          ':before': before.updatedAt,
          ...index.values,
        },
      },
    },
    historyPut(
      jobId,
      now,
      {
        action: 'due-moved',
        actor: change.actor,
        summary: `Due time moved ${from ? `from ${utc(from)} ` : ''}to ${utc(change.dueAt)}: ${change.reason}`,
        details: { from, to: change.dueAt, reason: change.reason },
      },
      before.payment?.status ?? null,
      'due',
    ),
    outboxItem({ event: 'job.dueMoved', job: jobSnapshot(after), dueAt: change.dueAt }),
  ]);
  return { kind: 'moved', job: after };
}

/** `2026-11-05T17:30:00.000Z` as `2026-11-05 17:30 UTC`, as the e-mails write it. */
function utc(at: string): string {
  return `${at.slice(0, 16).replace('T', ' ')} UTC`;
}
