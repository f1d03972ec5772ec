/**
 * Staff catalogue writes (issue 5, part B): catalogue images go browser -> storage by presigned
 * POST and are checked (size, real type, decodable) before use; services and subservices with
 * prices per currency are created, edited and deleted; every refusal names its field and stores
 * nothing; deleting a service removes everything that hangs off it, or is refused while jobs
 * reference it.
 */
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { serviceWriteResponseSchema, subServiceWriteResponseSchema } from '@studio/shared/catalog-admin';
import { errorEnvelopeSchema } from '@studio/shared/errors';
import { listJobsResponseSchema } from '@studio/shared/job';
import { getServiceResponseSchema } from '@studio/shared/service';
import { localNames } from '../../../scripts/local/provision.ts';
import {
  carouselPartition,
  catalogImageKey,
  galleryItemKey,
  galleryOrderKey,
  galleryServicePartition,
  serviceJobShardCount,
  serviceJobShardKey,
  serviceJobsPartition,
  servicePartition,
  subServiceKey,
} from '../../src/data/keys.ts';
import {
  adminToken,
  createServiceWithSub,
  indexItems,
  itemsUnder,
  listServices,
  png,
  uploadImage,
  uploadPending,
} from './catalog-admin-support.ts';
import { api, expectEnvelope, signedInIdentities } from './support.ts';
import { freshClient, jsonInit, table } from './test-clients.ts';

const unknownId = '01J0000000000000000000ZZZZ';

function s3() {
  return new S3Client({
    endpoint: inject('s3Endpoint'),
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
}

async function exists(bucket: string, key: string): Promise<boolean> {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch {
    return false;
  }
}

function issuePaths(json: unknown): string[] {
  return (errorEnvelopeSchema.parse(json).details?.issues ?? []).map((issue) => issue.path).sort();
}

let token: string;

beforeAll(async () => {
  token = await adminToken();
});

describe('catalogue images', () => {
  it('publishes a checked upload under /media/images with its variants and removes the pending file', async () => {
    const key = await uploadPending(token, await png(900, 300));
    const confirmed = await api('/api/images', jsonInit('POST', { key }, token));
    expect(confirmed.status, confirmed.text).toBe(201);
    const body = confirmed.json as { image: { url: string; width: number; height: number }; message: string };
    expect(body.message).toBe('Image uploaded successfully!');
    expect(body.image).toMatchObject({ width: 900, height: 300 });
    expect(body.image.url).toMatch(/^\/media\/images\/[0-9A-Z]{26}\.png$/);
    const mediaKey = body.image.url.slice(1);
    const object = await s3().send(new GetObjectCommand({ Bucket: localNames.mediaBucket, Key: mediaKey }));
    expect(object.ContentType).toBe('image/png');
    expect(await exists(localNames.mediaBucket, mediaKey.replace('.png', '-400w.webp'))).toBe(true);
    expect(await exists(localNames.uploadsBucket, key)).toBe(false);
    // ...and recorded in the table, where the catalogue writers look it up.
    const [record] = await itemsUnder(catalogImageKey(mediaKey.slice('media/images/'.length)).PK!);
    expect(record).toMatchObject({ type: 'CatalogImage', path: body.image.url, width: 900, height: 300 });
    // The pending file is gone, so confirming twice is refused.
    const again = await api('/api/images', jsonInit('POST', { key }, token));
    expect(again.status).toBe(400);
    expect(issuePaths(again.json)).toEqual(['body.key']);
  });

  it('refuses a file whose first bytes are not of its declared type, publishing nothing', async () => {
    const key = await uploadPending(token, Buffer.from('<html>not an image</html>'));
    const confirmed = await api('/api/images', jsonInit('POST', { key }, token));
    expect(confirmed.status).toBe(400);
    expect(expectEnvelope(confirmed.json, 400).details?.issues?.[0]).toMatchObject({
      path: 'body.key',
      message: 'the file is not a PNG image',
    });
    expect(await exists(localNames.mediaBucket, `media/images/${key.slice('pending/'.length)}`)).toBe(false);
  });

  it('refuses a file that starts like a PNG but does not decode', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    const key = await uploadPending(token, fake);
    const confirmed = await api('/api/images', jsonInit('POST', { key }, token));
    expect(confirmed.status).toBe(400);
    expect(expectEnvelope(confirmed.json, 400).details?.issues?.[0]).toMatchObject({
      path: 'body.key',
      message: 'the file is damaged and cannot be read as an image',
    });
    // Refused before anything is written: no copy and no variant in the media bucket.
    expect(
      await exists(
        localNames.mediaBucket,
        `media/images/${key.slice('pending/'.length).replace('.png', '-400w.webp')}`,
      ),
    ).toBe(false);
    expect(await exists(localNames.mediaBucket, `media/images/${key.slice('pending/'.length)}`)).toBe(false);
  });

  it('refuses upload links for other types, empty or over-large files, and keys it did not answer', async () => {
    const gif = await api(
      '/api/images/upload-link',
      jsonInit('POST', { fileName: 'a.gif', contentType: 'image/gif', size: 10 }, token),
    );
    expect(issuePaths(gif.json)).toEqual(['body.contentType']);
    const big = await api(
      '/api/images/upload-link',
      jsonInit('POST', { fileName: 'a.png', contentType: 'image/png', size: 20 * 1024 * 1024 + 1 }, token),
    );
    expect(issuePaths(big.json)).toEqual(['body.size']);
    const other = await api('/api/images', jsonInit('POST', { key: 'client-uploads/x/y.png' }, token));
    expect(issuePaths(other.json)).toEqual(['body.key']);
  });
});

describe('services and subservices', () => {
  it('creates a service and a subservice priced in two currencies, visible in the public reads', async () => {
    const { service, subService } = await createServiceWithSub(token, 'Test Service Public');
    expect(subService.prices).toEqual([
      { price: 1.5, currency: 'USD', cents: 150 },
      { price: 1.25, currency: 'EUR', cents: 125 },
    ]);
    // Sent in major units as the spec's form does, stored in whole cents.
    const stored = (await itemsUnder(servicePartition(service.id))).find((item) => item.id === subService.id);
    expect(stored).toMatchObject({ priceCents: { USD: 150, EUR: 125 } });
    expect(stored).not.toHaveProperty('prices');
    const listed = (await listServices()).find((s) => s.id === service.id);
    expect(listed?.name).toBe('Test Service Public');
    expect(listed?.subServices.map((s) => s.name)).toEqual(['Sub one']);
    const one = getServiceResponseSchema.parse((await api(`/api/services/${service.id}`)).json).service;
    expect(one.beforeImage).toMatch(/^\/media\/images\//);
    await api(`/api/services/${service.id}`, { method: 'DELETE', token });
  });

  it('answers public reads sent with a token uncached, so staff see their own writes at once', async () => {
    const anonymous = await api('/api/services');
    expect(anonymous.headers.get('cache-control')).toMatch(/s-maxage=\d+/);
    const staff = await api('/api/services', { token });
    expect(staff.status).toBe(200);
    expect(staff.headers.get('cache-control')).toBe('no-store');
  });

  it('names every missing or invalid field of a new service and stores nothing', async () => {
    const count = (await listServices()).length;
    const missing = await api('/api/services', jsonInit('POST', {}, token));
    expect(missing.status).toBe(400);
    expect(issuePaths(missing.json)).toEqual(['body.afterImage', 'body.beforeImage', 'body.description', 'body.name']);
    const image = await uploadImage(token);
    const long = await api(
      '/api/services',
      jsonInit('POST', { name: 'x'.repeat(101), description: ' ', beforeImage: image, afterImage: image }, token),
    );
    expect(issuePaths(long.json)).toEqual(['body.description', 'body.name']);
    const notUploaded = await api(
      '/api/services',
      jsonInit(
        'POST',
        { name: 'Ghost', description: 'd', beforeImage: `/media/images/${unknownId}.png`, afterImage: '/media/x.png' },
        token,
      ),
    );
    expect(issuePaths(notUploaded.json)).toEqual(['body.afterImage']);
    const ghost = await api(
      '/api/services',
      jsonInit(
        'POST',
        { name: 'Ghost', description: 'd', beforeImage: `/media/images/${unknownId}.png`, afterImage: image },
        token,
      ),
    );
    expect(ghost.status).toBe(400);
    expect(issuePaths(ghost.json)).toEqual(['body.beforeImage']);
    // An object put in the media bucket by other means was never checked: it is not an uploaded image.
    const stray = `media/images/${unknownId}.png`;
    await s3().send(new PutObjectCommand({ Bucket: localNames.mediaBucket, Key: stray, Body: await png() }));
    const strayWrite = await api(
      '/api/services',
      jsonInit('POST', { name: 'Ghost', description: 'd', beforeImage: `/${stray}`, afterImage: image }, token),
    );
    expect(issuePaths(strayWrite.json)).toEqual(['body.beforeImage']);
    expect((await listServices()).length).toBe(count);
  });

  it('refuses bad prices, unknown services and over-long text for subservices, storing nothing', async () => {
    const { service } = await createServiceWithSub(token);
    const base = { serviceId: service.id, name: 'Sub', description: 'd' };
    const cases: [unknown, string[]][] = [
      [{ ...base, prices: [{ currency: 'JPY', price: 1 }] }, ['body.prices.0.currency']],
      [{ ...base, prices: [{ currency: 'USD', price: -1 }] }, ['body.prices.0.price']],
      [{ ...base, prices: [{ currency: 'USD', price: 1.234 }] }, ['body.prices.0.price']],
      [{ ...base, prices: [] }, ['body.prices']],
      [
        {
          ...base,
          prices: [
            { currency: 'USD', price: 1 },
            { currency: 'USD', price: 2 },
          ],
        },
        ['body.prices'],
      ],
      [{ ...base, name: 'n'.repeat(101), prices: [{ currency: 'USD', price: 1 }] }, ['body.name']],
      [{ ...base, description: 'd'.repeat(2001), prices: [{ currency: 'USD', price: 1 }] }, ['body.description']],
      [{ ...base, serviceId: unknownId, prices: [{ currency: 'USD', price: 1 }] }, ['body.serviceId']],
      [{ name: 'Sub', prices: [{ currency: 'USD', price: 1 }] }, ['body.description', 'body.serviceId']],
    ];
    for (const [body, paths] of cases) {
      const response = await api('/api/subServices/withPrices', jsonInit('POST', body, token));
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(issuePaths(response.json)).toEqual(paths);
    }
    const subs = await api(`/api/subServices/service/${service.id}`);
    expect((subs.json as { subServices: unknown[] }).subServices).toHaveLength(1);
    await api(`/api/services/${service.id}`, { method: 'DELETE', token });
  });

  it('reads prices stored in major units before cents, and stores them in cents on the next edit', async () => {
    const { service, subService } = await createServiceWithSub(token);
    const { name, client: db } = table();
    await db.send(
      new UpdateCommand({
        TableName: name,
        Key: subServiceKey(service.id, subService.id),
        UpdateExpression: 'SET prices = :prices REMOVE priceCents',
        ExpressionAttributeValues: { ':prices': { USD: 0.29, GBP: 1.1 } },
      }),
    );
    const read = getServiceResponseSchema.parse((await api(`/api/services/${service.id}`)).json).service;
    expect(read.subServices[0]!.prices).toEqual([
      { price: 0.29, currency: 'USD', cents: 29 },
      { price: 1.1, currency: 'GBP', cents: 110 },
    ]);

    const edited = await api(
      `/api/subServices/updatesubservice/${subService.id}`,
      jsonInit('PUT', { name: 'Sub', description: 'd', order: 1, prices: [{ currency: 'USD', price: 0.29 }] }, token),
    );
    expect(edited.status, edited.text).toBe(200);
    const stored = (await itemsUnder(servicePartition(service.id))).find((item) => item.id === subService.id);
    expect(stored).toMatchObject({ priceCents: { USD: 29 } });
    expect(stored).not.toHaveProperty('prices');
    await api(`/api/services/${service.id}`, { method: 'DELETE', token });
  });

  it('edits a service and a subservice, keeping images unless new ones are sent', async () => {
    const { service, subService, images } = await createServiceWithSub(token);
    const newAfter = await uploadImage(token);
    const edited = await api(
      `/api/services/${service.id}`,
      jsonInit('PUT', { name: 'Renamed', description: 'New text', order: 500, afterImage: newAfter }, token),
    );
    expect(edited.status, edited.text).toBe(200);
    const after = serviceWriteResponseSchema.parse(edited.json).service;
    expect(after).toMatchObject({ name: 'Renamed', description: 'New text', order: 500, afterImage: newAfter });
    expect(after.beforeImage).toBe(images.before);

    const subEdit = await api(
      `/api/subServices/updatesubservice/${subService.id}`,
      jsonInit(
        'PUT',
        {
          serviceId: service.id,
          name: 'Sub renamed',
          description: 'd2',
          order: 3,
          prices: [{ currency: 'GBP', price: 2 }],
        },
        token,
      ),
    );
    expect(subEdit.status, subEdit.text).toBe(200);
    expect(subServiceWriteResponseSchema.parse(subEdit.json).subService).toMatchObject({
      name: 'Sub renamed',
      order: 3,
      prices: [{ currency: 'GBP', price: 2, cents: 200 }],
    });

    // A subservice cannot be moved to another service; nothing changes.
    const other = (await listServices()).find((s) => s.id !== service.id)!;
    const moved = await api(
      `/api/subServices/updatesubservice/${subService.id}`,
      jsonInit(
        'PUT',
        { serviceId: other.id, name: 'X', description: 'd', order: 0, prices: [{ currency: 'USD', price: 1 }] },
        token,
      ),
    );
    expect(issuePaths(moved.json)).toEqual(['body.serviceId']);
    const stored = getServiceResponseSchema.parse((await api(`/api/services/${service.id}`)).json).service;
    expect(stored.subServices[0]?.name).toBe('Sub renamed');

    // Unknown ids are 404 and create nothing.
    const body = { name: 'X', description: 'd', order: 0, prices: [{ currency: 'USD', price: 1 }] };
    expect(
      (await api(`/api/services/${unknownId}`, jsonInit('PUT', { ...body, prices: undefined }, token))).status,
    ).toBe(404);
    expect((await api(`/api/subServices/updatesubservice/${unknownId}`, jsonInit('PUT', body, token))).status).toBe(
      404,
    );
    expect((await api(`/api/subServices/delete/${unknownId}`, { method: 'DELETE', token })).status).toBe(404);
    expect((await api(`/api/services/${unknownId}`)).status).toBe(404);

    const removed = await api(`/api/subServices/delete/${subService.id}`, { method: 'DELETE', token });
    expect(removed.status).toBe(200);
    expect((await api(`/api/subServices/delete/${subService.id}`, { method: 'DELETE', token })).status).toBe(404);
    await api(`/api/services/${service.id}`, { method: 'DELETE', token });
  });

  it('deletes a service with its subservices, gallery items and service images, leaving no orphans', async () => {
    const { service } = await createServiceWithSub(token);
    const image = await uploadImage(token);
    const item = await api(
      '/api/gallary/new-item',
      jsonInit('POST', { serviceId: service.id, title: 'G', beforeImage: image, afterImage: image }, token),
    );
    expect(item.status, item.text).toBe(201);
    const inserted = await api(
      '/api/carousal/bulk-insert',
      jsonInit('POST', { serviceId: service.id, images: [{ imageUrl: image, imageName: 'a.png' }] }, token),
    );
    expect(inserted.status, inserted.text).toBe(201);

    const deleted = await api(`/api/services/${service.id}`, { method: 'DELETE', token });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await api(`/api/services/${service.id}`)).status).toBe(404);
    expect(await itemsUnder(servicePartition(service.id))).toEqual([]);
    expect(await itemsUnder(carouselPartition(service.id))).toEqual([]);
    expect(await itemsUnder(galleryOrderKey(service.id).PK!)).toEqual([]);
    expect(await itemsUnder(galleryItemKey((item.json as { item: { id: string } }).item.id).PK!)).toEqual([]);
    expect(await indexItems('GSI1', galleryServicePartition(service.id))).toEqual([]);
    expect((await api(`/api/services/${service.id}`, { method: 'DELETE', token })).status).toBe(404);
  });

  it('refuses to delete a service that client jobs reference, and changes nothing', async () => {
    const { service, subService } = await createServiceWithSub(token);
    const client = await freshClient();
    const job = await api(
      '/api/jobs',
      jsonInit(
        'POST',
        {
          serviceId: service.id,
          selectedSubServices: [subService.id],
          linkType: 'own',
          dropboxLink: 'https://example.test/p',
          numberOfPhotos: 1,
        },
        client.token,
      ),
    );
    expect(job.status, job.text).toBe(201);
    const refused = await api(`/api/services/${service.id}`, { method: 'DELETE', token });
    expect(refused.status).toBe(409);
    expectEnvelope(refused.json, 409);
    const still = getServiceResponseSchema.parse((await api(`/api/services/${service.id}`)).json).service;
    expect(still.subServices).toHaveLength(1);

    // Once the job is cancelled and deleted, as staff do it (which also takes it off the service's
    // count and the lists of what needs action), the delete goes through.
    const jobId = (job.json as { job: { id: string } }).job.id;
    const cancelled = await api(`/api/jobs/${jobId}`, jsonInit('PUT', { status: 'CANCELLED' }, token));
    expect(cancelled.status, cancelled.text).toBe(200);
    const deleted = await api(`/api/jobs/${jobId}`, { method: 'DELETE', token });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await api(`/api/services/${service.id}`, { method: 'DELETE', token })).status).toBe(200);
  });

  it('an order that reaches the table after the deletion began is refused with a clear error, and counted nowhere', async () => {
    const { service, subService } = await createServiceWithSub(token);
    const client = await freshClient();
    const order = {
      serviceId: service.id,
      selectedSubServices: [subService.id],
      linkType: 'own',
      dropboxLink: 'https://example.test/p',
      numberOfPhotos: 1,
    };
    // What step 1 of a deletion does to the count of jobs, seen by an order that read the service
    // just before it: every shard closed (the service item is left as the order read it).
    const { client: db, name } = table();
    for (let shard = 0; shard < serviceJobShardCount; shard++) {
      await db.send(
        new UpdateCommand({
          TableName: name,
          Key: serviceJobShardKey(service.id, shard),
          UpdateExpression: 'SET #closed = :true',
          ExpressionAttributeNames: { '#closed': 'closed' },
          ExpressionAttributeValues: { ':true': true },
        }),
      );
    }
    const late = await api('/api/jobs', jsonInit('POST', order, client.token));
    expectEnvelope(late.json, 400);
    expect(late.text).toContain('is no longer offered');
    const counts = await itemsUnder(serviceJobsPartition(service.id));
    expect(counts.map((item) => item.jobCount ?? 0)).toEqual(Array.from({ length: serviceJobShardCount }, () => 0));
    const listed = await api(`/api/jobs/client/${client.userId}`, { token: client.token });
    expect(listed.status, listed.text).toBe(200);
    expect(listJobsResponseSchema.parse(listed.json).jobs).toEqual([]);
    // The deletion itself goes through: the shards it closes are closed already, with no jobs.
    const deleted = await api(`/api/services/${service.id}`, { method: 'DELETE', token });
    expect(deleted.status, deleted.text).toBe(200);
  });

  it('refuses staff of other roles and clients, storing nothing', async () => {
    const identities = await signedInIdentities();
    const image = await uploadImage(token);
    const count = (await listServices()).length;
    for (const role of ['MANAGER', 'EDITOR', 'CLIENT_A'] as const) {
      const response = await api(
        '/api/services',
        jsonInit(
          'POST',
          { name: 'Nope', description: 'd', beforeImage: image, afterImage: image },
          identities[role].token,
        ),
      );
      expect(response.status).toBe(403);
    }
    expect((await listServices()).length).toBe(count);
  });
});
