import { paginateQuery, QueryCommand, type QueryCommandInput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lib/dynamo.ts';
import { keyNames, tableName } from './keys.ts';

/**
 * The pages of a query, one request each, as the SDK's paginator reads them (`LastEvaluatedKey`
 * handed on). `pageSize` is the query's `Limit`: absent, DynamoDB's 1 MB pages. For the reads that
 * act page by page (the hourly run, the one-off repairs), so no more than a page is held at once.
 */
export function queryPages(input: QueryCommandInput, pageSize?: number): AsyncIterable<QueryCommandOutput> {
  return paginateQuery({ client: documentClient, ...(pageSize ? { pageSize } : {}) }, input);
}

/** Runs a query to its last page. For small, bounded partitions only (the catalogue, a job's notes). */
export async function queryAll(input: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const page of queryPages(input)) items.push(...((page.Items ?? []) as Record<string, unknown>[]));
  return items;
}

/** The global secondary indexes, by the name `keyNames` gives them. */
export type IndexName = 'gsi1' | 'gsi2' | 'gsi3' | 'gsi4' | 'gsi5' | 'gsi6';

/**
 * The first page of one partition of a global secondary index: for partitions bounded by a rule of
 * the product (an account's memberships, the invitations to one e-mail), where that one page holds
 * them all. `limit` is the rule's bound. The index is eventually consistent: an item found is read
 * again by its key before anything is decided by it.
 */
export async function queryIndexPartition<T>(
  index: IndexName,
  partition: string,
  options: { limit: number; newestFirst?: boolean },
): Promise<T[]> {
  const answer = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: keyNames[index].name,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': keyNames[index].partitionKey },
      ExpressionAttributeValues: { ':pk': partition },
      ...(options.newestFirst ? { ScanIndexForward: false } : {}),
      Limit: options.limit,
    }),
  );
  return (answer.Items ?? []) as T[];
}
