import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lib/dynamo.ts';
import { tableName } from './keys.ts';

export interface BatchGetOptions {
  /** Strongly consistent reads (the default); false for eventually consistent, half the cost. */
  consistent?: boolean;
  /** Only these attributes: a projection expression and its names; every attribute when absent. */
  projection?: { expression: string; names: Record<string, string> };
}

/**
 * Reads items of the table by key, up to 100 a call, and again, with a growing pause, for what
 * DynamoDB left unprocessed. Keys without an item are left out; the order is DynamoDB's. The items
 * are typed as the caller says (`T`), not checked.
 */
export async function batchGet<T = Record<string, unknown>>(
  keys: readonly Record<string, string>[],
  options: BatchGetOptions = {},
): Promise<T[]> {
  const { consistent = true } = options;
  const projection = options.projection
    ? { ProjectionExpression: options.projection.expression, ExpressionAttributeNames: options.projection.names }
    : {};
  const found: T[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let pending: Record<string, unknown>[] | undefined = keys.slice(i, i + 100);
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
      const result: BatchGetCommandOutput = await documentClient.send(
        new BatchGetCommand({
          RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: consistent, ...projection } },
        }),
      );
      found.push(...((result.Responses?.[tableName()] ?? []) as T[]));
      pending = result.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return found;
}
