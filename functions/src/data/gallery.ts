import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { GalleryItem } from '@studio/shared/gallery';
import * as z from 'zod/mini';
import { documentClient } from '../lib/dynamo.ts';
import {
  galleryItemIndexKeys,
  galleryItemKey,
  galleryOrderKey,
  galleryPartition,
  keyNames,
  tableName,
} from './keys.ts';
import { mediaUrl } from './media.ts';
import { queryAll } from './query-all.ts';
import { listServiceRefs } from './service-refs.ts';
import { storedItemReader } from './stored-items.ts';
import { newItemPut } from './transactions.ts';

/*
 * Before/after gallery items. See docs/data-model.md.
 *   Gallery item  PK GALLERY#<id>             SK ITEM  GSI1 GALLERY#<sid> / <displayOrder>#<id>
 *                                                      GSI2 GALLERY / <sid>#<displayOrder>
 *   Order lock    PK GALLERY_ORDER#<sid>      SK META  { count, version }
 * Display orders are contiguous 1..count within a service; every write of a service's items
 * goes through one transaction with the lock item, so concurrent writers cannot interleave.
 */

/**
 * A gallery item as stored (the staff writes in gallery-admin.ts share it), declared once; every
 * read goes through `galleryItemRowOf` (stored-items.ts).
 */
const galleryItemFields = {
  id: z.string(),
  serviceId: z.string(),
  title: z.string(),
  description: z.string(),
  displayOrder: z.number(),
  beforeImageKey: z.string(),
  afterImageKey: z.string(),
};
export type GalleryItemRow = z.infer<z.ZodMiniObject<typeof galleryItemFields>>;
export const galleryItemRowOf = storedItemReader('gallery item', galleryItemFields);

/** The public shape of a stored item, with its service's id and name. */
export function toGalleryItem(row: GalleryItemRow, service: { id: string; name: string }): GalleryItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    service,
    displayOrder: row.displayOrder,
    beforeImage: mediaUrl(row.beforeImageKey),
    afterImage: mediaUrl(row.afterImageKey),
  };
}

/** Every item with its service, grouped by service in the services' display order. */
export async function listGalleryItems(): Promise<GalleryItem[]> {
  const [items, services] = await Promise.all([
    queryAll({
      TableName: tableName(),
      IndexName: keyNames.gsi2.name,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': keyNames.gsi2.partitionKey },
      ExpressionAttributeValues: { ':pk': galleryPartition },
    }),
    listServiceRefs(),
  ]);
  const rows = items.map(galleryItemRowOf);
  // Items of a deleted service are not shown: the service list is the one source of names.
  return services.flatMap((service) =>
    rows
      .filter((row) => row.serviceId === service.id)
      .sort((a, b) => a.displayOrder - b.displayOrder || a.id.localeCompare(b.id))
      .map((row) => toGalleryItem(row, service)),
  );
}

export interface NewGalleryItem {
  id: string;
  title: string;
  description: string;
  beforeImageKey: string;
  afterImageKey: string;
}

/** Appends items at the end of a service's gallery (at most 99 per call), in one transaction. */
export async function appendGalleryItems(serviceId: string, items: NewGalleryItem[]): Promise<void> {
  if (items.length > 99) throw new Error('at most 99 gallery items per transaction');
  const lockKey = galleryOrderKey(serviceId);
  const lock = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: lockKey, ConsistentRead: true }),
  );
  const count = (lock.Item?.count as number) ?? 0;
  const version = (lock.Item?.version as number) ?? 0;
  await documentClient.send(
    new TransactWriteCommand({
      TransactItems: [
        ...items.map((item, index) => {
          const displayOrder = count + index + 1;
          return {
            Put: newItemPut({
              type: 'GalleryItem',
              ...item,
              serviceId,
              displayOrder,
              ...galleryItemKey(item.id),
              ...galleryItemIndexKeys(serviceId, item.id, displayOrder),
            }),
          };
        }),
        {
          Update: {
            TableName: tableName(),
            Key: lockKey,
            UpdateExpression: 'SET #count = :count, #version = :next, #type = :type',
            ConditionExpression: version === 0 ? 'attribute_not_exists(#pk)' : '#version = :version',
            ExpressionAttributeNames: { '#pk': keyNames.pk, '#count': 'count', '#version': 'version', '#type': 'type' },
            ExpressionAttributeValues: {
              ':count': count + items.length,
              ':next': version + 1,
              ':type': 'GalleryOrderLock',
              ...(version === 0 ? {} : { ':version': version }),
            },
          },
        },
      ],
    }),
  );
}
