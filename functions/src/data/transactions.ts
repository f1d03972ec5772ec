import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lib/dynamo.ts';

/** The per-item cancellation codes of a failed transaction (`None`, `ConditionalCheckFailed`, ...). */
export function cancellationCodes(error: unknown): string[] {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code ?? 'None');
}

export const isCancelled = (error: unknown) => (error as Error).name === 'TransactionCanceledException';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` (which reads what it needs and builds one transaction) until it commits. A
 * transaction cancelled because another writer moved a version on, or a transaction conflict,
 * is read again and retried with jittered backoff, up to `tries` times; anything else is thrown.
 */
export async function withRetry<T>(attempt: () => Promise<T>, tries = 8): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isCancelled(error) || i >= tries) throw error;
      const codes = cancellationCodes(error);
      const retryable = codes.every(
        (c) => c === 'None' || c === 'ConditionalCheckFailed' || c === 'TransactionConflict',
      );
      if (!retryable) throw error;
      await sleep(Math.random() * 40 * i);
    }
  }
}

export async function transact(items: NonNullable<TransactWriteCommandInput['TransactItems']>): Promise<void> {
  if (items.length === 0) return;
  await documentClient.send(new TransactWriteCommand({ TransactItems: items }));
}
