import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { maxHomeContentItems } from '@studio/shared/content-admin';
import { documentClient } from '../lib/dynamo.ts';
import { conditionHeld } from '../lib/dynamo-errors.ts';
import { ConflictError } from '../lib/errors.ts';
import { contentTypes } from './content.ts';
import {
  contentIndexKeys,
  contentKey,
  contentListPartition,
  contentOrderKey,
  keyNames,
  positionSortKey,
  tableName,
  type ContentKind,
} from './keys.ts';
import { queryAll } from './query-all.ts';
import { newItemPut, transact, withRetry } from './transactions.ts';

/*
 * Staff writes of the home page's content lists (see content.ts): slider images and testimonials.
 * Each list has an order lock item (`CONTENT_ORDER#<list>`, docs/data-model.md) holding its ids in
 * display order, their count and a version. It is read strongly consistently, and every write that
 * adds, removes or moves entries is one transaction over the entries whose order changes and the
 * lock, conditional on the version read: a concurrent writer's commit cancels the transaction, which
 * reads again and retries (`withRetry`). So the cap holds under parallel appends and the orders stay
 * 1..n with no gap or duplicate. A list without a lock (written before it existed) is read from the
 * index once and renumbered 1..n by its first write.
 */

export type { ContentKind };

/** Every write here is conditional on the version it read: a failed condition means read again. */
const versioned = { retryFailedConditions: true };

interface OrderList {
  ids: string[];
  version: number;
  /** Read from the index (no lock yet): the write renumbers every entry. */
  rebuilt: boolean;
}

async function readOrder(kind: ContentKind): Promise<OrderList> {
  const lock = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: contentOrderKey(kind), ConsistentRead: true }),
  );
  const ids = lock.Item?.items as string[] | undefined;
  const version = (lock.Item?.version as number | undefined) ?? 0;
  if (ids) return { ids, version, rebuilt: false };
  const rows = (await queryAll({
    TableName: tableName(),
    IndexName: keyNames.gsi1.name,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': keyNames.gsi1.partitionKey },
    ExpressionAttributeValues: { ':pk': contentListPartition(kind) },
  })) as { id: string; order?: number }[];
  const sorted = rows.sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.id.localeCompare(b.id));
  return { ids: sorted.map((row) => row.id), version, rebuilt: true };
}

/** Sets the order (1-based) of each id in `after` whose position differs from `before` (or all). */
function moves(kind: ContentKind, before: OrderList, after: string[], skip?: string) {
  return after.flatMap((id, index) => {
    if (id === skip || (!before.rebuilt && before.ids.indexOf(id) === index)) return [];
    return [
      {
        Update: {
          TableName: tableName(),
          Key: contentKey(kind, id),
          UpdateExpression: 'SET #order = :order, #g1sk = :g1sk',
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: { '#pk': keyNames.pk, '#order': 'order', '#g1sk': keyNames.gsi1.sortKey },
          ExpressionAttributeValues: { ':order': index + 1, ':g1sk': positionSortKey(index + 1, id) },
        },
      },
    ];
  });
}

/** The lock's new state, conditional on the version read (the seed writes a first one: content.ts). */
function contentLockWrite(kind: ContentKind, version: number, ids: string[]) {
  return {
    Update: {
      TableName: tableName(),
      Key: contentOrderKey(kind),
      UpdateExpression: 'SET #count = :count, #items = :items, #version = :next, #type = :type',
      ConditionExpression: version === 0 ? 'attribute_not_exists(#version)' : '#version = :version',
      ExpressionAttributeNames: { '#count': 'count', '#items': 'items', '#version': 'version', '#type': 'type' },
      ExpressionAttributeValues: {
        ':count': ids.length,
        ':items': ids,
        ':next': version + 1,
        ':type': 'ContentOrderLock',
        ...(version === 0 ? {} : { ':version': version }),
      },
    },
  };
}

/** Appends an entry (fields stored as given) at the end of its list; 409 once the list is full. */
export async function appendContent(kind: ContentKind, id: string, fields: Record<string, unknown>): Promise<number> {
  return withRetry(async () => {
    const order = await readOrder(kind);
    if (order.ids.length >= maxHomeContentItems) {
      throw new ConflictError(`At most ${maxHomeContentItems} entries are kept.`);
    }
    const ids = [...order.ids, id];
    const position = ids.length;
    await transact([
      {
        Put: newItemPut({
          ...fields,
          id,
          order: position,
          type: contentTypes[kind],
          ...contentKey(kind, id),
          ...contentIndexKeys(kind, id, position),
        }),
      },
      ...moves(kind, order, ids, id),
      contentLockWrite(kind, order.version, ids),
    ]);
    return position;
  }, versioned);
}

/** Sets fields of an existing entry; false when there is none. Its place in the list is kept. */
export async function updateContent(kind: ContentKind, id: string, fields: Record<string, string>): Promise<boolean> {
  const names = Object.fromEntries(Object.keys(fields).map((name, i) => [`#f${i}`, name]));
  const values = Object.fromEntries(Object.values(fields).map((value, i) => [`:f${i}`, value]));
  return conditionHeld(
    documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: contentKey(kind, id),
        UpdateExpression: `SET ${Object.keys(fields)
          .map((_, i) => `#f${i} = :f${i}`)
          .join(', ')}`,
        ConditionExpression: 'attribute_exists(#pk)',
        ExpressionAttributeNames: { ...names, '#pk': keyNames.pk },
        ExpressionAttributeValues: values,
      }),
    ),
  );
}

/** Deletes an entry and closes the gap behind it; false when there is none. */
export async function deleteContent(kind: ContentKind, id: string): Promise<boolean> {
  return withRetry(async () => {
    const order = await readOrder(kind);
    if (!order.ids.includes(id)) return false;
    const ids = order.ids.filter((other) => other !== id);
    await transact([
      {
        Delete: {
          TableName: tableName(),
          Key: contentKey(kind, id),
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: { '#pk': keyNames.pk },
        },
      },
      ...moves(kind, order, ids),
      contentLockWrite(kind, order.version, ids),
    ]);
    return true;
  }, versioned);
}

/**
 * Puts the entries in the order of `ids`, which must name every entry once. Returns the ids that
 * are unknown or missing; both empty when the order was written.
 */
export async function reorderContent(
  kind: ContentKind,
  ids: string[],
): Promise<{ unknown: string[]; missing: string[] }> {
  return withRetry(async () => {
    const order = await readOrder(kind);
    const known = new Set(order.ids);
    const unknown = ids.filter((id) => !known.has(id));
    const missing = order.ids.filter((id) => !ids.includes(id));
    if (unknown.length > 0 || missing.length > 0) return { unknown, missing };
    await transact([...moves(kind, order, ids), contentLockWrite(kind, order.version, ids)]);
    return { unknown: [], missing: [] };
  }, versioned);
}
