import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lib/dynamo.ts';

/** Runs a query to its last page. For the small, bounded partitions of the catalogue only. */
export async function queryAll(input: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...((page.Items ?? []) as Record<string, unknown>[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}
