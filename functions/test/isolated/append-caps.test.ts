/**
 * Appends under a race: 20 parallel POSTs to a list that holds 45 of its 50 entries. At most 5
 * are stored (201), the others are refused (409), and the stored orders are 1..n with no gap or
 * duplicate: for testimonials, slides and a service's subservices. On a stack of its own, since
 * it fills lists the stack suite's other tests read and write.
 */
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxSubServicesPerService } from '@studio/shared/catalog-admin';
import { maxHomeContentItems } from '@studio/shared/content-admin';
import { catalogImageKey } from '../../src/data/keys.ts';
import { localCredentials, localNames, localRegion } from '../../../scripts/local/provision.ts';
import { jsonInit, startOwnStack, type OwnStack } from './own-stack.ts';

let own: OwnStack;
let admin: string;

beforeAll(async () => {
  own = await startOwnStack({ persist: false });
  admin = await own.staffToken('SUPER_ADMIN');
}, 120_000);

afterAll(async () => {
  await own?.stop();
});

/**
 * A catalogue image as `POST api/images` would have published it: the object in the media bucket
 * and its record in the table, which is what the catalogue writers check (#19 bundle diet).
 */
async function publishedImage(): Promise<string> {
  const name = `${ulid()}.png`;
  const key = `media/images/${name}`;
  const s3 = new S3Client({
    endpoint: own.stack.endpoints.s3,
    region: localRegion,
    credentials: localCredentials,
    forcePathStyle: true,
  });
  await s3.send(
    new PutObjectCommand({ Bucket: localNames.mediaBucket, Key: key, Body: 'png', ContentType: 'image/png' }),
  );
  await own.table.client.send(
    new PutCommand({
      TableName: own.table.name,
      Item: {
        ...catalogImageKey(name),
        type: 'CatalogImage',
        path: `/${key}`,
        contentType: 'image/png',
        size: 3,
        width: 1,
        height: 1,
        publishedAt: new Date().toISOString(),
      },
    }),
  );
  return `/${key}`;
}

/** The stored items of a partition of GSI1 (or of the table), with their `order`. */
async function storedOrders(partition: { index: 'GSI1' | null; pk: string; prefix?: string }): Promise<number[]> {
  const result = await own.table.client.send(
    new QueryCommand({
      TableName: own.table.name,
      ...(partition.index ? { IndexName: partition.index } : { ConsistentRead: true }),
      KeyConditionExpression: partition.prefix ? '#pk = :pk AND begins_with(#sk, :prefix)' : '#pk = :pk',
      ExpressionAttributeNames: {
        '#pk': partition.index ? 'GSI1PK' : 'PK',
        ...(partition.prefix ? { '#sk': 'SK' } : {}),
      },
      ExpressionAttributeValues: { ':pk': partition.pk, ...(partition.prefix ? { ':prefix': partition.prefix } : {}) },
    }),
  );
  return (result.Items ?? []).map((item) => item.order as number).sort((a, b) => a - b);
}

async function fillTo(
  count: number,
  current: () => Promise<number>,
  add: () => Promise<{ status: number; text: string }>,
) {
  while ((await current()) < count) {
    const answer = await add();
    expect(answer.status, answer.text).toBe(201);
  }
}

async function race(add: () => Promise<{ status: number; text: string }>) {
  const answers = await Promise.all(Array.from({ length: 20 }, add));
  return {
    created: answers.filter((a) => a.status === 201).length,
    refused: answers.filter((a) => a.status === 409).length,
    others: answers.filter((a) => a.status !== 201 && a.status !== 409).map((a) => a.text),
  };
}

const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/**
 * The cap holds: at most 5 of the 20 are stored and every other one is refused (409: the list is
 * full, or, rarely, still contended after every retry), so the list ends with 45 + stored entries.
 */
function expectCapHeld(result: Awaited<ReturnType<typeof race>>, finalCount: number) {
  expect(result.others).toEqual([]);
  expect(result.created).toBeGreaterThan(0);
  expect(result.created).toBeLessThanOrEqual(5);
  expect(result.created + result.refused).toBe(20);
  expect(finalCount).toBe(45 + result.created);
}

describe('20 parallel appends to a list of 45 (cap 50)', () => {
  it('testimonials: never more than 50, orders 1..n', async () => {
    expect(maxHomeContentItems).toBe(50);
    const count = async () => ((await own.call('/api/testimonials')).json as unknown[]).length;
    let n = 0;
    const add = () => own.call('/api/testimonials', jsonInit('POST', { text: `Quote ${++n}`, author: 'Racer' }, admin));
    await fillTo(45, count, add);
    const result = await race(add);
    const final = await count();
    expectCapHeld(result, final);
    expect(await storedOrders({ index: 'GSI1', pk: 'TESTIMONIALS' })).toEqual(oneToN(final));
  });

  it('slides: never more than 50, orders 1..n', async () => {
    const image = await publishedImage();
    const count = async () => ((await own.call('/api/slider-images')).json as { images: unknown[] }).images.length;
    const add = () => own.call('/api/slider-images', jsonInit('POST', { imagePath: image }, admin));
    await fillTo(45, count, add);
    const result = await race(add);
    const final = await count();
    expectCapHeld(result, final);
    expect(await storedOrders({ index: 'GSI1', pk: 'SLIDER_IMAGES' })).toEqual(oneToN(final));
  });

  it("a service's subservices: never more than 50", async () => {
    expect(maxSubServicesPerService).toBe(50);
    const [before, after] = [await publishedImage(), await publishedImage()];
    const created = await own.call(
      '/api/services',
      jsonInit('POST', { name: 'Race', description: 'Raced.', beforeImage: before, afterImage: after }, admin),
    );
    expect(created.status, created.text).toBe(201);
    const serviceId = (created.json as { service: { id: string } }).service.id;
    const count = async () =>
      ((await own.call(`/api/subServices/service/${serviceId}`)).json as { subServices: unknown[] }).subServices.length;
    let n = 0;
    const add = () =>
      own.call(
        '/api/subServices/withPrices',
        jsonInit(
          'POST',
          { serviceId, name: `Sub ${++n}`, description: 'Raced.', prices: [{ currency: 'USD', price: 1 }] },
          admin,
        ),
      );
    await fillTo(45, count, add);
    const result = await race(add);
    const final = await count();
    expectCapHeld(result, final);
    const stored = await storedOrders({ index: null, pk: `SERVICE#${serviceId}`, prefix: 'SUBSERVICE#' });
    expect(stored).toHaveLength(final);
  });

  it('services created at once get different display orders', async () => {
    const [before, after] = [await publishedImage(), await publishedImage()];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        own.call(
          '/api/services',
          jsonInit(
            'POST',
            { name: `Parallel ${i}`, description: 'Raced.', beforeImage: before, afterImage: after },
            admin,
          ),
        ),
      ),
    );
    const orders = answers.map((a) => {
      expect(a.status, a.text).toBe(201);
      return (a.json as { service: { order: number } }).service.order;
    });
    expect(new Set(orders).size).toBe(10);
  });
});
