import type { SliderImage } from '@studio/shared/slider-image';
import type { Testimonial } from '@studio/shared/testimonial';
import {
  contentIndexKeys,
  contentKey,
  contentListPartition,
  contentOrderKey,
  keyNames,
  tableName,
  type ContentKind,
} from './keys.ts';
import { mediaUrl } from './media.ts';
import { queryAll } from './query-all.ts';
import { newItemPut, transact } from './transactions.ts';

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

/** Writes a new list whole (the seed): its entries, orders 1..n, and its order lock (content-admin.ts). */
async function putAllNew(kind: ContentKind, rows: { id: string; order: number; [key: string]: unknown }[]) {
  // One transaction: a list holds at most 50 entries (maxHomeContentItems), plus its lock.
  const sorted = [...rows].sort((a, b) => a.order - b.order);
  await transact([
    ...sorted.map((row, index) => ({
      Put: newItemPut({
        ...row,
        order: index + 1,
        type: contentTypes[kind],
        ...contentKey(kind, row.id),
        ...contentIndexKeys(kind, row.id, index + 1),
      }),
    })),
    {
      Put: newItemPut({
        ...contentOrderKey(kind),
        type: 'ContentOrderLock',
        items: sorted.map((row) => row.id),
        count: sorted.length,
        version: 1,
      }),
    },
  ]);
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
