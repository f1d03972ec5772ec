import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { maxGalleryItemsPerService } from '@studio/shared/showcase-admin';
import { documentClient } from '../lib/dynamo.ts';
import { ConflictError } from '../lib/errors.ts';
import { galleryItemRowOf, type GalleryItemRow } from './gallery.ts';
import { setImageKeys } from './image-key-updates.ts';
import {
  galleryItemIndexKeys,
  galleryItemKey,
  galleryOrderKey,
  galleryServicePartition,
  keyNames,
  tableName,
} from './keys.ts';
import { queryAll } from './query-all.ts';
import { newItemPut, transact, withRetry } from './transactions.ts';

/*
 * Staff writes of gallery items (see gallery.ts and docs/data-model.md, pattern 20). Each
 * service's order item `GALLERY_ORDER#<sid>` holds, besides `count` and `version`, `items`: the
 * item ids in display order. It is read with a strongly consistent read, so a writer always sees
 * the latest list (the gallery index is only eventually consistent). Every write is one
 * transaction: the item itself, the new `displayOrder` of each item whose position changed, and
 * the order item, conditional on the version read. A concurrent writer's commit moves the version
 * on, this transaction is cancelled, and it is read again and retried; so positions stay 1..n.
 * An order item written before `items` existed (or whose list disagrees with `count`) is rebuilt
 * from the index once.
 */

/** Every write here is conditional on the version it read: a failed condition means read again. */
const versioned = { retryFailedConditions: true };

interface OrderList {
  ids: string[];
  version: number;
}

async function readOrder(serviceId: string): Promise<OrderList> {
  const lock = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: galleryOrderKey(serviceId), ConsistentRead: true }),
  );
  const version = (lock.Item?.version as number | undefined) ?? 0;
  const count = (lock.Item?.count as number | undefined) ?? 0;
  const ids = lock.Item?.items as string[] | undefined;
  if (ids && ids.length === count) return { ids, version };
  const rows = await queryAll({
    TableName: tableName(),
    IndexName: keyNames.gsi1.name,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': keyNames.gsi1.partitionKey },
    ExpressionAttributeValues: { ':pk': galleryServicePartition(serviceId) },
  });
  const sorted = rows.map(galleryItemRowOf).sort((a, b) => a.displayOrder - b.displayOrder || a.id.localeCompare(b.id));
  return { ids: sorted.map((row) => row.id), version };
}

export async function getGalleryItemRow(id: string): Promise<GalleryItemRow | null> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: galleryItemKey(id), ConsistentRead: true }),
  );
  return result.Item ? galleryItemRowOf(result.Item) : null;
}

/** The largest display order of a service's gallery (0 when empty): the add form prefills max + 1. */
export async function galleryCount(serviceId: string): Promise<number> {
  return (await readOrder(serviceId)).ids.length;
}

/** Moves each id whose position changed between `before` and `after` (ids other than `skip`). */
function shifts(serviceId: string, before: string[], after: string[], skip: string) {
  return after.flatMap((id, index) => {
    if (id === skip || before.indexOf(id) === index) return [];
    const position = index + 1;
    const keys = galleryItemIndexKeys(serviceId, id, position);
    return [
      {
        Update: {
          TableName: tableName(),
          Key: galleryItemKey(id),
          UpdateExpression: 'SET #order = :order, #g1pk = :g1pk, #g1sk = :g1sk, #g2sk = :g2sk',
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: {
            '#pk': keyNames.pk,
            '#order': 'displayOrder',
            '#g1pk': keyNames.gsi1.partitionKey,
            '#g1sk': keyNames.gsi1.sortKey,
            '#g2sk': keyNames.gsi2.sortKey,
          },
          ExpressionAttributeValues: {
            ':order': position,
            ':g1pk': keys[keyNames.gsi1.partitionKey],
            ':g1sk': keys[keyNames.gsi1.sortKey],
            ':g2sk': keys[keyNames.gsi2.sortKey],
          },
        },
      },
    ];
  });
}

function lockWrite(serviceId: string, order: OrderList, ids: string[]) {
  return {
    Update: {
      TableName: tableName(),
      Key: galleryOrderKey(serviceId),
      UpdateExpression: 'SET #count = :count, #items = :items, #version = :next, #type = :type',
      ConditionExpression: order.version === 0 ? 'attribute_not_exists(#version)' : '#version = :version',
      ExpressionAttributeNames: { '#count': 'count', '#items': 'items', '#version': 'version', '#type': 'type' },
      ExpressionAttributeValues: {
        ':count': ids.length,
        ':items': ids,
        ':next': order.version + 1,
        ':type': 'GalleryOrderLock',
        ...(order.version === 0 ? {} : { ':version': order.version }),
      },
    },
  };
}

/** Inserts `id` at `position` (1-based; past the end means at the end); returns the position used. */
function insertAt(ids: string[], id: string, position: number | undefined): { ids: string[]; position: number } {
  const at = Math.min(Math.max(1, position ?? ids.length + 1), ids.length + 1);
  return { ids: [...ids.slice(0, at - 1), id, ...ids.slice(at - 1)], position: at };
}

function checkSize(items: unknown[]) {
  if (items.length > 100)
    throw new ConflictError('Too many gallery items would move at once; move the item in smaller steps.');
}

export type NewGalleryItemRow = Omit<GalleryItemRow, 'displayOrder'>;

/** Adds an item at a position of its service's gallery, shifting the items at and after it. */
export async function insertGalleryItem(row: NewGalleryItemRow, position: number | undefined): Promise<number> {
  return withRetry(async () => {
    const order = await readOrder(row.serviceId);
    if (order.ids.length >= maxGalleryItemsPerService) {
      throw new ConflictError(`A service's gallery can hold at most ${maxGalleryItemsPerService} items.`);
    }
    const next = insertAt(order.ids, row.id, position);
    const items = [
      {
        Put: newItemPut({
          type: 'GalleryItem',
          ...row,
          displayOrder: next.position,
          ...galleryItemKey(row.id),
          ...galleryItemIndexKeys(row.serviceId, row.id, next.position),
        }),
      },
      ...shifts(row.serviceId, order.ids, next.ids, row.id),
      lockWrite(row.serviceId, order, next.ids),
    ];
    checkSize(items);
    await transact(items);
    return next.position;
  }, versioned);
}

export interface GalleryItemChanges {
  serviceId: string;
  title: string;
  description: string;
  displayOrder: number;
  beforeImageKey?: string;
  afterImageKey?: string;
}

/**
 * Updates an item and moves it to `displayOrder` of `serviceId` (possibly another service), shifting
 * the others in both lists. Returns the position used, or null when the item does not exist.
 */
export async function updateGalleryItem(id: string, changes: GalleryItemChanges): Promise<number | null> {
  return withRetry(async () => {
    const current = await getGalleryItemRow(id);
    if (!current) return null;
    const moving = current.serviceId !== changes.serviceId;
    const from = await readOrder(current.serviceId);
    const to = moving ? await readOrder(changes.serviceId) : from;
    const fromIds = from.ids.filter((other) => other !== id);
    if (moving && to.ids.length >= maxGalleryItemsPerService) {
      throw new ConflictError(`A service's gallery can hold at most ${maxGalleryItemsPerService} items.`);
    }
    const next = insertAt(moving ? to.ids : fromIds, id, changes.displayOrder);
    const sets = ['#title = :title', '#description = :description', '#serviceId = :serviceId', '#order = :order'];
    const names: Record<string, string> = {
      '#pk': keyNames.pk,
      '#title': 'title',
      '#description': 'description',
      '#serviceId': 'serviceId',
      '#order': 'displayOrder',
    };
    const values: Record<string, unknown> = {
      ':title': changes.title,
      ':description': changes.description,
      ':serviceId': changes.serviceId,
      ':order': next.position,
    };
    const keys = galleryItemIndexKeys(changes.serviceId, id, next.position);
    Object.entries(keys).forEach(([name, value], i) => {
      sets.push(`#k${i} = :k${i}`);
      names[`#k${i}`] = name;
      values[`:k${i}`] = value;
    });
    setImageKeys(sets, names, values, changes);
    const items = [
      {
        Update: {
          TableName: tableName(),
          Key: galleryItemKey(id),
          UpdateExpression: `SET ${sets.join(', ')}`,
          // The item must still be where it was read, or the lists below are stale.
          ConditionExpression: 'attribute_exists(#pk) AND #serviceId = :was',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ...values, ':was': current.serviceId },
        },
      },
      ...(moving
        ? [
            ...shifts(current.serviceId, from.ids, fromIds, id),
            lockWrite(current.serviceId, from, fromIds),
            ...shifts(changes.serviceId, to.ids, next.ids, id),
            lockWrite(changes.serviceId, to, next.ids),
          ]
        : [...shifts(changes.serviceId, from.ids, next.ids, id), lockWrite(changes.serviceId, from, next.ids)]),
    ];
    checkSize(items);
    await transact(items);
    return next.position;
  }, versioned);
}

/** Deletes an item and closes the gap behind it. False when there is no such item. */
export async function deleteGalleryItem(id: string): Promise<boolean> {
  return withRetry(async () => {
    const current = await getGalleryItemRow(id);
    if (!current) return false;
    const order = await readOrder(current.serviceId);
    const ids = order.ids.filter((other) => other !== id);
    const items = [
      {
        Delete: {
          TableName: tableName(),
          Key: galleryItemKey(id),
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: { '#pk': keyNames.pk },
        },
      },
      ...shifts(current.serviceId, order.ids, ids, id),
      lockWrite(current.serviceId, order, ids),
    ];
    checkSize(items);
    await transact(items);
    return true;
  }, versioned);
}
