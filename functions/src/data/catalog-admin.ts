import { BatchWriteCommand, DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Turnaround, VolumeTier } from '@studio/shared/service';
import { documentClient } from '../lib/dynamo.ts';
import { conditionHeld, isConditionFailed } from '../lib/dynamo-errors.ts';
import {
  priceCentsMap,
  serviceItemOf,
  subServiceItem,
  subServiceItemOf,
  type NewSubService,
  type ServiceItem,
  type SubServiceItem,
} from './catalog.ts';
import { setImageKeys } from './image-key-updates.ts';
import {
  carouselPartition,
  catalogPartition,
  galleryOrderKey,
  galleryServicePartition,
  keyNames,
  serviceCatalogSortKey,
  serviceJobShardCount,
  serviceJobShardKey,
  serviceJobsPartition,
  serviceKey,
  serviceOrderCounterKey,
  servicePartition,
  serviceSortKeyPrefix,
  subServiceCatalogSortKey,
  subServiceIdPartition,
  subServiceKey,
  subServiceSortKeyPrefix,
  tableName,
} from './keys.ts';
import { queryAll } from './query-all.ts';
import { newItemPut, transact, withRetry } from './transactions.ts';

/*
 * Staff writes of services and subservices (see catalog.ts for the items and docs/data-model.md).
 * Deleting a service is refused while jobs reference it (`jobCount` > 0). Otherwise it runs in
 * ordered steps that are each safe to repeat:
 *   1. one transaction marks the service `deleting`, takes it out of the CATALOG index (readers no
 *      longer see it, new jobs are refused) and deletes its subservices;
 *   2. its gallery items, service images and their order items are deleted in batches;
 *   3. the service item itself is deleted (still only while it has no jobs).
 * A failure in step 2 or 3 leaves a hidden service marked `deleting`; calling delete again resumes.
 */

/** The stored service item (also one being deleted), or null. */
export async function getServiceRow(id: string): Promise<ServiceItem | null> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: serviceKey(id), ConsistentRead: true }),
  );
  return result.Item ? serviceItemOf(result.Item) : null;
}

/** A live (not being deleted) service, or null. */
export async function getLiveServiceRow(id: string): Promise<ServiceItem | null> {
  const row = await getServiceRow(id);
  return row && !row.deleting ? row : null;
}

/**
 * The display order of a service created without one: after the last one given, counted by one
 * atomic update of a counter item, so services created at the same moment get different orders.
 * The counter starts from the largest order in the catalogue.
 */
export async function nextServiceOrder(): Promise<number> {
  const start = await maxServiceOrder();
  const result = await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: serviceOrderCounterKey(),
      UpdateExpression: 'SET #last = if_not_exists(#last, :start) + :one, #type = :type',
      ExpressionAttributeNames: { '#last': 'last', '#type': 'type' },
      ExpressionAttributeValues: { ':start': start, ':one': 1, ':type': 'ServiceOrderCounter' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Math.min(999_999, result.Attributes!.last as number);
}

/** The largest display order among services, or -1 with none. */
async function maxServiceOrder(): Promise<number> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: keyNames.gsi1.name,
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
    ExpressionAttributeNames: { '#pk': keyNames.gsi1.partitionKey, '#sk': keyNames.gsi1.sortKey, '#order': 'order' },
    ExpressionAttributeValues: { ':pk': catalogPartition, ':prefix': serviceSortKeyPrefix },
    ProjectionExpression: '#order',
  });
  return items.reduce((max, item) => Math.max(max, item.order as number), -1);
}

export interface ServiceChanges {
  name: string;
  description: string;
  order: number;
  beforeImageKey?: string;
  afterImageKey?: string;
}

/** Updates a live service; false when there is none (or its deletion has begun). */
export async function updateService(id: string, changes: ServiceChanges, now = new Date()): Promise<boolean> {
  const sets = [
    '#name = :name',
    '#description = :description',
    '#order = :order',
    '#gsi1sk = :gsi1sk',
    '#updatedAt = :now',
  ];
  const names: Record<string, string> = {
    '#pk': keyNames.pk,
    '#deleting': 'deleting',
    '#name': 'name',
    '#description': 'description',
    '#order': 'order',
    '#gsi1sk': keyNames.gsi1.sortKey,
    '#updatedAt': 'updatedAt',
  };
  const values: Record<string, unknown> = {
    ':name': changes.name,
    ':description': changes.description,
    ':order': changes.order,
    ':gsi1sk': serviceCatalogSortKey(id, changes.order),
    ':now': now.toISOString(),
  };
  setImageKeys(sets, names, values, changes);
  return conditionHeld(
    documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: serviceKey(id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#deleting)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    ),
  );
}

/**
 * Replaces a service's turnarounds and volume tiers (#17). A job copies the turnaround and tier it
 * was priced with, so changing them never reprices a job. False when there is no such service.
 */
export async function updatePricingRules(
  id: string,
  rules: { turnarounds: Turnaround[]; volumeTiers: VolumeTier[] },
  now = new Date(),
): Promise<boolean> {
  return conditionHeld(
    documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: serviceKey(id),
        UpdateExpression: 'SET #turnarounds = :turnarounds, #volumeTiers = :volumeTiers, #updatedAt = :now',
        ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#deleting)',
        ExpressionAttributeNames: {
          '#pk': keyNames.pk,
          '#deleting': 'deleting',
          '#turnarounds': 'turnarounds',
          '#volumeTiers': 'volumeTiers',
          '#updatedAt': 'updatedAt',
        },
        ExpressionAttributeValues: {
          ':turnarounds': rules.turnarounds,
          ':volumeTiers': rules.volumeTiers,
          ':now': now.toISOString(),
        },
      }),
    ),
  );
}

async function subServiceKeysOf(serviceId: string) {
  return queryAll({
    TableName: tableName(),
    // The service's own partition: read strongly, so a count made here is exact.
    ConsistentRead: true,
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
    ExpressionAttributeNames: { '#pk': keyNames.pk, '#sk': keyNames.sk },
    ExpressionAttributeValues: { ':pk': servicePartition(serviceId), ':prefix': subServiceSortKeyPrefix },
    ProjectionExpression: '#pk, #sk',
  });
}

/** How many subservices a service has. */
export async function countSubServices(serviceId: string): Promise<number> {
  return (await subServiceKeysOf(serviceId)).length;
}

async function deleteKeys(keys: Record<string, unknown>[]) {
  // BatchWrite takes 25 keys; unprocessed keys are sent again until none are left.
  for (let i = 0; i < keys.length; i += 25) {
    let pending: Record<string, unknown>[] = keys
      .slice(i, i + 25)
      .map((key) => ({ DeleteRequest: { Key: { [keyNames.pk]: key[keyNames.pk], [keyNames.sk]: key[keyNames.sk] } } }));
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 10) throw new Error('batch delete did not finish');
      const result = await documentClient.send(
        new BatchWriteCommand({ RequestItems: { [tableName()]: pending as never } }),
      );
      pending = (result.UnprocessedItems?.[tableName()] ?? []) as Record<string, unknown>[];
      if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
    }
  }
}

export type DeleteServiceResult = 'deleted' | 'not-found' | 'has-jobs';

/** How many jobs reference a service: its shards (pattern 15) and its own count from before them. */
async function serviceJobTotal(row: ServiceItem): Promise<number> {
  const shards = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': keyNames.pk, '#count': 'jobCount' },
    ExpressionAttributeValues: { ':pk': serviceJobsPartition(row.id) },
    ProjectionExpression: '#count',
    ConsistentRead: true,
  });
  return shards.reduce((total, shard) => total + ((shard.jobCount as number | undefined) ?? 0), row.jobCount ?? 0);
}

/** Deletes a service and everything that hangs off it, in the ordered steps described above. */
export async function deleteServiceCascade(id: string): Promise<DeleteServiceResult> {
  const row = await getServiceRow(id);
  if (!row) return 'not-found';
  if ((await serviceJobTotal(row)) > 0) return 'has-jobs';
  const noJobs = '(attribute_not_exists(#jobs) OR #jobs = :zero)';
  // Why a refused step refused: the service is gone, or it has jobs (else the error stands).
  const refused = async (error: unknown, gone: DeleteServiceResult) => {
    if (!isConditionFailed(error)) throw error;
    const again = await getServiceRow(id);
    if (!again) return gone;
    if ((await serviceJobTotal(again)) > 0) return 'has-jobs';
    throw error;
  };
  // Step 1. Closing every shard of the count refuses any job created after it.
  const subs = await subServiceKeysOf(id);
  try {
    // Retried while orders of it are in flight (a conflict); a job counted meanwhile refuses it.
    await withRetry(() =>
      transact([
        {
          Update: {
            TableName: tableName(),
            Key: serviceKey(id),
            UpdateExpression: 'SET #deleting = :true REMOVE #gsi1pk, #gsi1sk',
            ConditionExpression: `attribute_exists(#pk) AND ${noJobs}`,
            ExpressionAttributeNames: {
              '#pk': keyNames.pk,
              '#jobs': 'jobCount',
              '#deleting': 'deleting',
              '#gsi1pk': keyNames.gsi1.partitionKey,
              '#gsi1sk': keyNames.gsi1.sortKey,
            },
            ExpressionAttributeValues: { ':true': true, ':zero': 0 },
          },
        },
        ...Array.from({ length: serviceJobShardCount }, (_, shard) => ({
          Update: {
            TableName: tableName(),
            Key: serviceJobShardKey(id, shard),
            UpdateExpression: 'SET #type = :type, #closed = :true',
            ConditionExpression: noJobs,
            ExpressionAttributeNames: { '#type': 'type', '#closed': 'closed', '#jobs': 'jobCount' },
            ExpressionAttributeValues: { ':type': 'ServiceJobCount', ':true': true, ':zero': 0 },
          },
        })),
        ...subs.map((key) => ({
          Delete: { TableName: tableName(), Key: { [keyNames.pk]: key[keyNames.pk], [keyNames.sk]: key[keyNames.sk] } },
        })),
      ]),
    );
  } catch (error) {
    return refused(error, 'not-found');
  }
  // Step 2: gallery items (by their service index), service images and both order items.
  const galleryItems = await queryAll({
    TableName: tableName(),
    IndexName: keyNames.gsi1.name,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': keyNames.gsi1.partitionKey },
    ExpressionAttributeValues: { ':pk': galleryServicePartition(id) },
  });
  const carousel = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': keyNames.pk, '#sk': keyNames.sk },
    ExpressionAttributeValues: { ':pk': carouselPartition(id) },
    ProjectionExpression: '#pk, #sk',
  });
  await deleteKeys([...galleryItems, ...carousel, galleryOrderKey(id)]);
  // Step 3. The closed shards stay: eight small items that keep refusing a late order.
  try {
    await documentClient.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: serviceKey(id),
        ConditionExpression: `attribute_exists(#pk) AND ${noJobs}`,
        ExpressionAttributeNames: { '#pk': keyNames.pk, '#jobs': 'jobCount' },
        ExpressionAttributeValues: { ':zero': 0 },
      }),
    );
  } catch (error) {
    return refused(error, 'deleted');
  }
  return 'deleted';
}

/** One subservice row found by its id (GSI2), or null. */
export async function findSubService(id: string): Promise<SubServiceItem | null> {
  const result = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: keyNames.gsi2.name,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': keyNames.gsi2.partitionKey },
      ExpressionAttributeValues: { ':pk': subServiceIdPartition(id) },
    }),
  );
  const [item] = result.Items ?? [];
  return item ? subServiceItemOf(item) : null;
}

/** What a staff member sets on a subservice: everything but its id. */
export type SubServiceFields = Omit<NewSubService, 'id'>;

/**
 * How many subservices a service has: its `subServiceCount`, kept in the transaction of every add
 * and delete. A service written before the count existed is counted in its partition.
 */
async function subServiceCountOf(row: ServiceItem): Promise<{ count: number; stored: boolean }> {
  if (typeof row.subServiceCount === 'number') return { count: row.subServiceCount, stored: true };
  return { count: await countSubServices(row.id), stored: false };
}

/** The service's count moves from `read` to `next`, on a live service whose count is still `read`. */
function countWrite(serviceId: string, read: { count: number; stored: boolean }, next: number) {
  return {
    Update: {
      TableName: tableName(),
      Key: serviceKey(serviceId),
      UpdateExpression: 'SET #n = :next',
      ConditionExpression: `attribute_exists(#pk) AND attribute_not_exists(#deleting) AND ${
        read.stored ? '#n = :read' : 'attribute_not_exists(#n)'
      }`,
      ExpressionAttributeNames: { '#pk': keyNames.pk, '#deleting': 'deleting', '#n': 'subServiceCount' },
      ExpressionAttributeValues: { ':next': next, ...(read.stored ? { ':read': read.count } : {}) },
    },
  };
}

export type CreateSubServiceResult = 'created' | 'no-service' | 'full';

/**
 * Adds a subservice to a live service, at most `max` per service. The subservice and the service's
 * count are one transaction conditional on the count read, so parallel adds never pass the cap:
 * a concurrent add moves the count on, this one reads again and is refused once the service is full.
 */
export async function createSubService(
  serviceId: string,
  id: string,
  fields: SubServiceFields,
  max: number,
): Promise<CreateSubServiceResult> {
  return withRetry(
    async () => {
      const row = await getLiveServiceRow(serviceId);
      if (!row) return 'no-service';
      const read = await subServiceCountOf(row);
      if (read.count >= max) return 'full';
      await transact([
        countWrite(serviceId, read, read.count + 1),
        { Put: newItemPut(subServiceItem(serviceId, { ...fields, id })) },
      ]);
      return 'created';
    },
    { retryFailedConditions: true },
  );
}

/** Rewrites a subservice's fields (prices replaced whole); false when it no longer exists. */
export async function updateSubService(row: SubServiceItem, fields: SubServiceFields): Promise<boolean> {
  const sets = [
    '#name = :name',
    '#description = :description',
    '#order = :order',
    '#priceCents = :priceCents',
    '#gsi1sk = :gsi1sk',
  ];
  const names: Record<string, string> = {
    '#pk': keyNames.pk,
    '#name': 'name',
    '#description': 'description',
    '#order': 'order',
    '#priceCents': 'priceCents',
    '#legacyPrices': 'prices',
    '#gsi1sk': keyNames.gsi1.sortKey,
  };
  const values: Record<string, unknown> = {
    ':name': fields.name,
    ':description': fields.description,
    ':order': fields.order,
    ':priceCents': priceCentsMap(fields.prices),
    ':gsi1sk': subServiceCatalogSortKey(row.serviceId, row.id, fields.order),
  };
  setImageKeys(sets, names, values, fields);
  return conditionHeld(
    documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: subServiceKey(row.serviceId, row.id),
        // Prices in major units from before cents (catalog.ts) are replaced by the cents map.
        UpdateExpression: `SET ${sets.join(', ')} REMOVE #legacyPrices`,
        ConditionExpression: 'attribute_exists(#pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    ),
  );
}

/**
 * Deletes a subservice. Jobs keep their own copy of what was ordered (name, unit price), so
 * removing a subservice never changes an existing job.
 */
export async function deleteSubService(row: SubServiceItem): Promise<void> {
  const remove = { Delete: { TableName: tableName(), Key: subServiceKey(row.serviceId, row.id) } };
  await withRetry(
    async () => {
      const service = await getServiceRow(row.serviceId);
      // A service being deleted removes its subservices itself; no count to keep then.
      if (!service || service.deleting) return transact([remove]);
      const read = await subServiceCountOf(service);
      const gone = await documentClient.send(
        new GetCommand({ TableName: tableName(), Key: subServiceKey(row.serviceId, row.id), ConsistentRead: true }),
      );
      if (!gone.Item) return;
      await transact([countWrite(row.serviceId, read, Math.max(0, read.count - 1)), remove]);
    },
    { retryFailedConditions: true },
  );
}
