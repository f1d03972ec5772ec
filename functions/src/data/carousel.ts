import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { CarouselImage } from '@studio/shared/carousel';
import * as z from 'zod/mini';
import { documentClient } from '../lib/dynamo.ts';
import {
  carouselCounterKey,
  carouselImageIndexKeys,
  carouselImageKey,
  carouselPartition,
  keyNames,
  orderKey,
  tableName,
} from './keys.ts';
import { mediaUrl } from './media.ts';
import { storedItemReader } from './stored-items.ts';
import { newItemPut } from './transactions.ts';

/*
 * A service's gallery images ("carousel" in the spec's API paths). See docs/data-model.md.
 *   Carousel image    PK CAROUSEL#<sid>  SK IMAGE#<id>  GSI1 CAROUSEL#<sid> / <order>#<id>
 *   Carousel counter  PK CAROUSEL#<sid>  SK META        { count, version }
 * Orders are kept contiguous 1..count by every write (each write is one transaction that also
 * moves the counter's version on), so page p of size L is the key range (p-1)L+1 .. pL.
 */

/** A carousel image as stored, declared once; every read goes through `carouselImageRowOf` (stored-items.ts). */
const carouselImageFields = { id: z.string(), imageKey: z.string(), imageName: z.string(), order: z.number() };
export type CarouselImageRow = z.infer<z.ZodMiniObject<typeof carouselImageFields>>;
export const carouselImageRowOf = storedItemReader('carousel image', carouselImageFields);

/** Transactions hold at most 100 items; one is the counter. */
const maxImagesPerWrite = 99;

interface Counter {
  count: number;
  version: number;
}

async function readCounter(serviceId: string): Promise<Counter> {
  const result = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: carouselCounterKey(serviceId),
      ConsistentRead: true,
    }),
  );
  return { count: (result.Item?.count as number) ?? 0, version: (result.Item?.version as number) ?? 0 };
}

export interface ImagePage {
  images: CarouselImage[];
  total: number;
  hasMore: boolean;
}

/** Page `page` (from 1) of `limit` images of a service, in order. */
export async function listCarouselPage(serviceId: string, page: number, limit: number): Promise<ImagePage> {
  const first = (page - 1) * limit + 1;
  const last = page * limit;
  const [counter, result] = await Promise.all([
    readCounter(serviceId),
    first > 999_999
      ? Promise.resolve({ Items: [] })
      : documentClient.send(
          new QueryCommand({
            TableName: tableName(),
            IndexName: keyNames.gsi1.name,
            KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
            ExpressionAttributeNames: { '#pk': keyNames.gsi1.partitionKey, '#sk': keyNames.gsi1.sortKey },
            ExpressionAttributeValues: {
              ':pk': carouselPartition(serviceId),
              ':from': orderKey(first),
              // `~` sorts after `#<id>`, so the range takes every id at the last order.
              ':to': `${orderKey(last)}~`,
            },
            Limit: limit,
          }),
        ),
  ]);
  const images = (result.Items ?? []).map((item) => {
    const row = carouselImageRowOf(item);
    return { id: row.id, imageUrl: mediaUrl(row.imageKey), imageName: row.imageName, order: row.order };
  });
  return { images, total: counter.count, hasMore: last < counter.count };
}

export interface NewCarouselImage {
  id: string;
  /** Object key in the media bucket, under `media/carousel/<serviceId>/`. */
  imageKey: string;
  imageName: string;
}

/** The stored row of one service image at `order` (the staff writes in carousel-admin.ts use it too). */
export function carouselImageItem(serviceId: string, image: NewCarouselImage, order: number): Record<string, unknown> {
  return {
    type: 'CarouselImage',
    id: image.id,
    serviceId,
    imageKey: image.imageKey,
    imageName: image.imageName,
    order,
    ...carouselImageKey(serviceId, image.id),
    ...carouselImageIndexKeys(serviceId, image.id, order),
  };
}

/**
 * Appends images at the end of a service's gallery, at most 99 per transaction together with the
 * counter: a concurrent writer moves the version on and this write fails whole (409 in a handler).
 */
export async function appendCarouselImages(serviceId: string, images: NewCarouselImage[]): Promise<void> {
  for (let i = 0; i < images.length; i += maxImagesPerWrite) {
    const chunk = images.slice(i, i + maxImagesPerWrite);
    const counter = await readCounter(serviceId);
    const puts = chunk.map((image, index) => {
      const order = counter.count + index + 1;
      return {
        Put: newItemPut(carouselImageItem(serviceId, image, order)),
      };
    });
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          ...puts,
          {
            Update: {
              TableName: tableName(),
              Key: carouselCounterKey(serviceId),
              UpdateExpression: 'SET #count = :count, #version = :next, #type = :type',
              ConditionExpression: counter.version === 0 ? 'attribute_not_exists(#pk)' : '#version = :version',
              ExpressionAttributeNames: {
                '#pk': keyNames.pk,
                '#count': 'count',
                '#version': 'version',
                '#type': 'type',
              },
              ExpressionAttributeValues: {
                ':count': counter.count + chunk.length,
                ':next': counter.version + 1,
                ':type': 'CarouselCounter',
                ...(counter.version === 0 ? {} : { ':version': counter.version }),
              },
            },
          },
        ],
      }),
    );
  }
}
