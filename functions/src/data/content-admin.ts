import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { maxHomeContentItems } from '@studio/shared/content-admin';
import { documentClient } from '../lib/dynamo.ts';
import { conditionHeld } from '../lib/dynamo-errors.ts';
import { ConflictError } from '../lib/errors.ts';
import { contentTypes } from './content.ts';
import {
  contentIndexKeys,
  contentKey,
  contentListPartition,
  keyNames,
  positionSortKey,
  tableName,
  type ContentKind,
} from './keys.ts';
import { queryAll } from './query-all.ts';
import { newItemPut, transact } from './transactions.ts';

/*
 * Staff writes of the home page's content lists (see content.ts): slider images and testimonials.
 * A new entry goes to the end; a reorder rewrites every entry's order (1..n) in one transaction.
 * Deleting leaves a gap in the orders, which only sort, so nothing needs to move.
 */

export type { ContentKind };

async function listRows(kind: ContentKind) {
  const rows = await queryAll({
    TableName: tableName(),
    IndexName: keyNames.gsi1.name,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': keyNames.gsi1.partitionKey },
    ExpressionAttributeValues: { ':pk': contentListPartition(kind) },
  });
  return rows as { id: string; order?: number }[];
}

/** Appends an entry (fields stored as given) at the end of its list. */
export async function appendContent(kind: ContentKind, id: string, fields: Record<string, unknown>): Promise<void> {
  const rows = await listRows(kind);
  if (rows.length >= maxHomeContentItems) throw new ConflictError(`At most ${maxHomeContentItems} entries are kept.`);
  const order = rows.reduce((max, row) => Math.max(max, row.order ?? 0), 0) + 1;
  await documentClient.send(
    new PutCommand(
      newItemPut({
        ...fields,
        id,
        order,
        type: contentTypes[kind],
        ...contentKey(kind, id),
        ...contentIndexKeys(kind, id, order),
      }),
    ),
  );
}

/** Sets fields of an existing entry; false when there is none. */
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

export async function deleteContent(kind: ContentKind, id: string): Promise<boolean> {
  return conditionHeld(
    documentClient.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: contentKey(kind, id),
        ConditionExpression: 'attribute_exists(#pk)',
        ExpressionAttributeNames: { '#pk': keyNames.pk },
      }),
    ),
  );
}

/**
 * Puts the entries in the order of `ids`, which must name every entry once. Returns the ids that
 * are unknown or missing, or an empty list when the order was written.
 */
export async function reorderContent(
  kind: ContentKind,
  ids: string[],
): Promise<{ unknown: string[]; missing: string[] }> {
  const rows = await listRows(kind);
  const known = new Set(rows.map((row) => row.id));
  const unknown = ids.filter((id) => !known.has(id));
  const missing = rows.map((row) => row.id).filter((id) => !ids.includes(id));
  if (unknown.length > 0 || missing.length > 0) return { unknown, missing };
  await transact(
    ids.map((id, index) => ({
      Update: {
        TableName: tableName(),
        Key: contentKey(kind, id),
        UpdateExpression: 'SET #order = :order, #g1sk = :g1sk',
        ConditionExpression: 'attribute_exists(#pk)',
        ExpressionAttributeNames: { '#pk': keyNames.pk, '#order': 'order', '#g1sk': keyNames.gsi1.sortKey },
        ExpressionAttributeValues: { ':order': index + 1, ':g1sk': positionSortKey(index + 1, id) },
      },
    })),
  );
  return { unknown: [], missing: [] };
}
