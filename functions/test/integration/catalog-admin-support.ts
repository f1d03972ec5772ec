/** Helpers of the catalogue and showcase staff tests (issue 5, part B): images, services, reads. */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { expect } from 'vitest';
import {
  confirmImageResponseSchema,
  createImageUploadLinkResponseSchema,
  serviceWriteResponseSchema,
  subServiceWriteResponseSchema,
} from '@studio/shared/catalog-admin';
import { listServicesResponseSchema, type Service } from '@studio/shared/service';
import { api, signedInIdentities } from './support.ts';
import { jsonInit, table } from './test-clients.ts';

export async function adminToken(): Promise<string> {
  return (await signedInIdentities()).SUPER_ADMIN.token!;
}

/** A small real PNG (decodable, so its variants can be made). */
export function png(width = 40, height = 30, color = '#3a86ff'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** The browser's steps: a presigned POST, the multipart upload, then `POST api/images`. */
export async function uploadPending(token: string, body: Buffer, contentType = 'image/png'): Promise<string> {
  const link = await api(
    '/api/images/upload-link',
    jsonInit('POST', { fileName: 'photo.png', contentType, size: body.length }, token),
  );
  expect(link.status, link.text).toBe(200);
  const { upload } = createImageUploadLinkResponseSchema.parse(link.json);
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([body], { type: contentType }), 'photo.png');
  const posted = await fetch(upload.url, { method: 'POST', body: form });
  expect(posted.status).toBeLessThan(300);
  return upload.key;
}

export async function uploadImage(token: string, body?: Buffer): Promise<string> {
  const key = await uploadPending(token, body ?? (await png()));
  const confirmed = await api('/api/images', jsonInit('POST', { key }, token));
  expect(confirmed.status, confirmed.text).toBe(201);
  return confirmResponse(confirmed.json).image.url;
}

const confirmResponse = (json: unknown) => confirmImageResponseSchema.parse(json);

export async function listServices(): Promise<Service[]> {
  return listServicesResponseSchema.parse((await api('/api/services')).json).services;
}

/** A new service with one subservice priced in USD and EUR, through the API. */
export async function createServiceWithSub(token: string, name = `Svc ${Date.now()}`) {
  const before = await uploadImage(token);
  const after = await uploadImage(token);
  const created = await api(
    '/api/services',
    jsonInit('POST', { name, description: 'Made by a test.', beforeImage: before, afterImage: after }, token),
  );
  expect(created.status, created.text).toBe(201);
  const service = serviceWriteResponseSchema.parse(created.json).service;
  const sub = await api(
    '/api/subServices/withPrices',
    jsonInit(
      'POST',
      {
        serviceId: service.id,
        name: 'Sub one',
        description: 'A subservice.',
        prices: [
          { currency: 'USD', price: 1.5 },
          { currency: 'EUR', price: 1.25 },
        ],
      },
      token,
    ),
  );
  expect(sub.status, sub.text).toBe(201);
  return { service, subService: subServiceWriteResponseSchema.parse(sub.json).subService, images: { before, after } };
}

/** Every table item under a partition key (base table), for checking what is stored. */
export async function itemsUnder(pk: string): Promise<Record<string, unknown>[]> {
  const { name, client } = table();
  const result = await client.send(
    new QueryCommand({
      TableName: name,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ConsistentRead: true,
    }),
  );
  return (result.Items ?? []) as Record<string, unknown>[];
}

/** Every item of an index partition. */
export async function indexItems(index: 'GSI1' | 'GSI2', pk: string): Promise<Record<string, unknown>[]> {
  const { name, client } = table();
  const result = await client.send(
    new QueryCommand({
      TableName: name,
      IndexName: index,
      KeyConditionExpression: `${index}PK = :pk`,
      ExpressionAttributeValues: { ':pk': pk },
    }),
  );
  return (result.Items ?? []) as Record<string, unknown>[];
}
