import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ServiceRef } from '@studio/shared/carousel';
import { documentClient } from '../lib/dynamo.ts';
import { catalogPartition, keyNames, serviceKey, serviceSortKeyPrefix, tableName } from './keys.ts';
import { queryAll } from './query-all.ts';

/*
 * Services by id and name only, for the galleries and lead checks: read from the same items as
 * the catalogue (see catalog.ts) without their subservices.
 */

/** Every service as `{ id, name }`, in display order (GSI1 `CATALOG`, `SERVICE#` sort keys). */
export async function listServiceRefs(): Promise<ServiceRef[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: keyNames.gsi1.name,
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
    ExpressionAttributeNames: { '#pk': keyNames.gsi1.partitionKey, '#sk': keyNames.gsi1.sortKey },
    ExpressionAttributeValues: { ':pk': catalogPartition, ':prefix': serviceSortKeyPrefix },
  });
  return items.map((item) => ({ id: item.id as string, name: item.name as string }));
}

/** One service as `{ id, name }`, or null when there is none with this id. */
export async function getServiceRef(id: string): Promise<ServiceRef | null> {
  const result = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: serviceKey(id),
      ProjectionExpression: 'id, #name',
      ExpressionAttributeNames: { '#name': 'name' },
    }),
  );
  const item = result.Item;
  return item ? { id: item.id as string, name: item.name as string } : null;
}
