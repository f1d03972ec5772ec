import type { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lib/dynamo.ts';
import { cancellationCodes, isConditionFailed, isTransactionCancelled } from '../lib/dynamo-errors.ts';
import { keyNames, tableName } from './keys.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RetryOptions {
  /**
   * Also run again when an item's condition failed. For writers whose condition is a version they
   * read (optimistic locking): a failed condition means another writer got there first, so the
   * attempt reads again and rebuilds its transaction. Other writers leave it off, so a refusal
   * (an idempotency key taken, an opening closed) reaches them at once.
   */
  retryFailedConditions?: boolean;
  /**
   * Run again when the condition of one of these items (by index in the transaction) failed, and
   * only these: a transaction whose first items are optimistically locked (a counter checked
   * against the value read) and whose others are refusals (an idempotency key taken) retries the
   * lost races and hands the refusals back at once.
   */
  retryFailedConditionsAt?: readonly number[];
  /** How many attempts in all. */
  tries?: number;
}

/**
 * The one transaction retry. Runs `attempt` (which reads what it needs, builds one transaction
 * and sends it) until it commits. A transaction cancelled by transaction conflicts only (other
 * writers on the same items at the same moment; and, with `retryFailedConditions`, by failed
 * conditions) runs again after a random pause that grows with each try (full jitter, so the
 * writers spread out), up to `tries` attempts. Anything else, and the last failure, is thrown as
 * is: callers classify it with `isConditionFailed()`.
 */
export async function withRetry<T>(attempt: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const tries = options.tries ?? 8;
  const retryable = new Set(['None', 'TransactionConflict']);
  if (options.retryFailedConditions) retryable.add('ConditionalCheckFailed');
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= tries || !isTransactionCancelled(error)) throw error;
      const codes = cancellationCodes(error);
      const lockedItems = options.retryFailedConditionsAt ?? [];
      const mayRetry = (code: string, index: number) =>
        retryable.has(code) || (code === 'ConditionalCheckFailed' && lockedItems.includes(index));
      if (!codes.every(mayRetry)) throw error;
      await sleep(Math.random() * Math.min(1000, 25 * 2 ** i));
    }
  }
}

/**
 * The put of a new item, refused (a failed condition) if an item with its keys exists already:
 * `{ Put: newItemPut(item) }` in a transaction, `new PutCommand(newItemPut(item))` alone.
 */
export function newItemPut(item: Record<string, unknown>) {
  return {
    TableName: tableName(),
    Item: item,
    ConditionExpression: 'attribute_not_exists(#pk)',
    ExpressionAttributeNames: { '#pk': keyNames.pk },
  };
}

export async function transact(items: NonNullable<TransactWriteCommandInput['TransactItems']>): Promise<void> {
  if (items.length === 0) return;
  await documentClient.send(new TransactWriteCommand({ TransactItems: items }));
}

/**
 * One conditional write: true when it was made, false when its condition failed (another writer's
 * change stands, and the caller decides what that means). Any other error is thrown.
 */
export async function writeUnlessRefused(command: PutCommand | UpdateCommand | DeleteCommand): Promise<boolean> {
  try {
    await documentClient.send(command as UpdateCommand);
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
