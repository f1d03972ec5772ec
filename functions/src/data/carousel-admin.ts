import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CarouselImage } from '@studio/shared/carousel';
import { maxServiceImagesPerService } from '@studio/shared/showcase-admin';
import { ConflictError } from '../lib/errors.ts';
import { documentClient } from '../lib/dynamo.ts';
import { carouselImageItem, carouselImageRowOf, type CarouselImageRow } from './carousel.ts';
import {
  carouselCounterKey,
  carouselImageKey,
  carouselImageSortKeyPrefix,
  carouselPartition,
  keyNames,
  positionSortKey,
  tableName,
} from './keys.ts';
import { mediaUrl } from './media.ts';
import { queryAll } from './query-all.ts';
import { newItemPut, transact, withRetry } from './transactions.ts';

/*
 * Staff writes of a service's images (see carousel.ts, docs/data-model.md). The images and their
 * counter share the partition `CAROUSEL#<sid>`, so one strongly consistent query reads the whole
 * list. Every write is one transaction over the images it changes and the counter, conditional on
 * the counter's version: orders stay contiguous 1..n whatever other admins do meanwhile (a
 * cancelled transaction is read again and retried).
 */

/** Every write here is conditional on the version it read: a failed condition means read again. */
const versioned = { retryFailedConditions: true };

interface Snapshot {
  images: CarouselImageRow[];
  count: number;
  version: number;
}

async function snapshot(serviceId: string): Promise<Snapshot> {
  const [counter, rows] = await Promise.all([
    documentClient.send(
      new GetCommand({ TableName: tableName(), Key: carouselCounterKey(serviceId), ConsistentRead: true }),
    ),
    queryAll({
      TableName: tableName(),
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: { '#pk': keyNames.pk, '#sk': keyNames.sk },
      ExpressionAttributeValues: { ':pk': carouselPartition(serviceId), ':prefix': carouselImageSortKeyPrefix },
      ConsistentRead: true,
    }),
  ]);
  const images = rows.map(carouselImageRowOf).sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
  return {
    images,
    count: (counter.Item?.count as number | undefined) ?? 0,
    version: (counter.Item?.version as number | undefined) ?? 0,
  };
}

const toImage = (row: CarouselImageRow): CarouselImage => ({
  id: row.id,
  imageUrl: mediaUrl(row.imageKey),
  imageName: row.imageName,
  order: row.order,
});

/** Every image of a service in order (strongly consistent). */
export async function listAllServiceImages(serviceId: string): Promise<CarouselImage[]> {
  return (await snapshot(serviceId)).images.map(toImage);
}

function counterWrite(serviceId: string, snap: Snapshot, count: number) {
  return {
    Update: {
      TableName: tableName(),
      Key: carouselCounterKey(serviceId),
      UpdateExpression: 'SET #count = :count, #version = :next, #type = :type',
      ConditionExpression: snap.version === 0 ? 'attribute_not_exists(#version)' : '#version = :version',
      ExpressionAttributeNames: { '#count': 'count', '#version': 'version', '#type': 'type' },
      ExpressionAttributeValues: {
        ':count': count,
        ':next': snap.version + 1,
        ':type': 'CarouselCounter',
        ...(snap.version === 0 ? {} : { ':version': snap.version }),
      },
    },
  };
}

/** Sets the orders of `ids` to 1..n, writing only the images whose order changes. */
function renumber(serviceId: string, snap: Snapshot, ids: string[]) {
  const byId = new Map(snap.images.map((row) => [row.id, row]));
  return ids.flatMap((id, index) => {
    const order = index + 1;
    if (byId.get(id)?.order === order) return [];
    return [
      {
        Update: {
          TableName: tableName(),
          Key: carouselImageKey(serviceId, id),
          UpdateExpression: 'SET #order = :order, #g1sk = :g1sk',
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: { '#pk': keyNames.pk, '#order': 'order', '#g1sk': keyNames.gsi1.sortKey },
          ExpressionAttributeValues: { ':order': order, ':g1sk': positionSortKey(order, id) },
        },
      },
    ];
  });
}

export interface NewServiceImage {
  id: string;
  imageKey: string;
  imageName: string;
}

/** Appends images at the end of a service's list, all or none. */
export async function insertServiceImages(serviceId: string, images: NewServiceImage[]): Promise<CarouselImage[]> {
  return withRetry(async () => {
    const snap = await snapshot(serviceId);
    if (snap.images.length + images.length > maxServiceImagesPerService) {
      throw new ConflictError(
        `A service can have at most ${maxServiceImagesPerService} images; it has ${snap.images.length}.`,
      );
    }
    // Repairs a list left with gaps by older writes, in the same transaction.
    const ids = snap.images.map((row) => row.id);
    const puts = images.map((image, index) => {
      const order = ids.length + index + 1;
      return {
        Put: newItemPut(carouselImageItem(serviceId, image, order)),
      };
    });
    await transact([
      ...renumber(serviceId, snap, ids),
      ...puts,
      counterWrite(serviceId, snap, ids.length + images.length),
    ]);
    return (await snapshot(serviceId)).images.map(toImage);
  }, versioned);
}

/** Ids among `ids` that are not images of the service (unknown, or another service's). */
export async function foreignImageIds(serviceId: string, ids: string[]): Promise<string[]> {
  const known = new Set((await snapshot(serviceId)).images.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/**
 * Deletes images of a service and closes the gaps, all or none. Returns null when an id is not
 * (or no longer) an image of the service.
 */
export async function deleteServiceImages(serviceId: string, ids: string[]): Promise<CarouselImage[] | null> {
  return withRetry(async () => {
    const snap = await snapshot(serviceId);
    const doomed = new Set(ids);
    if (ids.some((id) => !snap.images.some((row) => row.id === id))) return null;
    const kept = snap.images.map((row) => row.id).filter((id) => !doomed.has(id));
    await transact([
      ...ids.map((id) => ({
        Delete: {
          TableName: tableName(),
          Key: carouselImageKey(serviceId, id),
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: { '#pk': keyNames.pk },
        },
      })),
      ...renumber(serviceId, snap, kept),
      counterWrite(serviceId, snap, kept.length),
    ]);
    return (await snapshot(serviceId)).images.map(toImage);
  }, versioned);
}

export type ReorderProblem = { index: number; message: string } | { index: null; message: string };

/**
 * Applies new orders to a service's images. The orders must name every image of the service once,
 * with the orders 1..n; otherwise the problem is returned and nothing is written.
 */
export async function reorderServiceImages(
  serviceId: string,
  orders: { id: string; order: number }[],
): Promise<{ images: CarouselImage[] } | { problem: ReorderProblem }> {
  return withRetry(async () => {
    const snap = await snapshot(serviceId);
    const known = new Set(snap.images.map((row) => row.id));
    const seenIds = new Set<string>();
    const seenOrders = new Set<number>();
    for (const [index, entry] of orders.entries()) {
      if (!known.has(entry.id)) return { problem: { index, message: 'is not an image of this service' } };
      if (seenIds.has(entry.id)) return { problem: { index, message: 'names an image twice' } };
      if (entry.order > snap.images.length || seenOrders.has(entry.order)) {
        return { problem: { index, message: `orders must be 1 to ${snap.images.length}, each once` } };
      }
      seenIds.add(entry.id);
      seenOrders.add(entry.order);
    }
    if (orders.length !== snap.images.length) {
      return { problem: { index: null, message: `must give the order of all ${snap.images.length} images` } };
    }
    const ids = [...orders].sort((a, b) => a.order - b.order).map((entry) => entry.id);
    await transact([...renumber(serviceId, snap, ids), counterWrite(serviceId, snap, ids.length)]);
    return { images: (await snapshot(serviceId)).images.map(toImage) };
  }, versioned);
}
