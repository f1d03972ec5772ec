import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { SliderImage } from '@studio/shared/slider-image';
import type { Testimonial } from '@studio/shared/testimonial';
import { documentClient } from '../lib/dynamo.ts';
import { contentIndexKeys, contentKey, contentListPartition, keyNames, tableName, type ContentKind } from './keys.ts';
import { mediaUrl } from './media.ts';
import { queryAll } from './query-all.ts';
import { newItemPut } from './transactions.ts';

/*
 * Home-page content kept in display order.
 *   Testimonial  PK TESTIMONIAL#<id>  SK TESTIMONIAL   GSI1 TESTIMONIALS / <order>#<id>
 *   SliderImage  PK SLIDER_IMAGE#<id> SK SLIDER_IMAGE  GSI1 SLIDER_IMAGES / <order>#<id>
 */

/** The entity name stored in `type` on each kind's items. */
export const contentTypes = { testimonial: 'Testimonial', sliderImage: 'SliderImage' } as const satisfies Record<
  ContentKind,
  string
>;

async function listInOrder(kind: ContentKind): Promise<Record<string, unknown>[]> {
  return queryAll({
    TableName: tableName(),
    IndexName: keyNames.gsi1.name,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': keyNames.gsi1.partitionKey },
    ExpressionAttributeValues: { ':pk': contentListPartition(kind) },
  });
}

async function putAllNew(kind: ContentKind, rows: { id: string; order: number; [key: string]: unknown }[]) {
  // Transactions take at most 100 items; content lists are written in chunks of that size.
  for (let i = 0; i < rows.length; i += 100) {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: rows.slice(i, i + 100).map((row) => ({
          Put: newItemPut({
            ...row,
            type: contentTypes[kind],
            ...contentKey(kind, row.id),
            ...contentIndexKeys(kind, row.id, row.order),
          }),
        })),
      }),
    );
  }
}

export async function listTestimonials(): Promise<Testimonial[]> {
  const items = await listInOrder('testimonial');
  return items.map((item) => ({
    id: item.id as string,
    text: item.text as string,
    author: item.author as string,
    position: item.position as string,
  }));
}

export async function createTestimonials(rows: (Testimonial & { order: number })[]): Promise<void> {
  await putAllNew('testimonial', rows);
}

export async function listSliderImages(): Promise<SliderImage[]> {
  const items = await listInOrder('sliderImage');
  return items.map((item) => ({
    id: item.id as string,
    imagePath: mediaUrl(item.imageKey as string),
    ...(typeof item.title === 'string' ? { title: item.title } : {}),
    ...(typeof item.text === 'string' ? { text: item.text } : {}),
  }));
}

export async function createSliderImages(
  rows: { id: string; imageKey: string; order: number; title?: string; text?: string }[],
): Promise<void> {
  await putAllNew('sliderImage', rows);
}
