import { paginateQuery, type QueryCommandInput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lib/dynamo.ts';

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
