/**
 * Batch uploads (issue 33) through the gateway against the emulators: links for many files at once
 * (presigned POSTs, and a multipart upload with a presigned URL per part past 100 MB), confirmation
 * of up to 100 posted photos in one call with refusals by name, and previews made off the request
 * path by the preview worker.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  completeMultipartResponseSchema,
  confirmPhotoBatchResponseSchema,
  createUploadLinksResponseSchema,
  type BatchUploadLink,
} from '@studio/shared/image-api';
import { multipartPartBytes, multipartThresholdBytes } from '@studio/shared/images';
import { jobResponseSchema } from '@studio/shared/job';
import { listServicesResponseSchema, type Service } from '@studio/shared/service';
import { localNames } from '../../../scripts/local/provision.ts';
import { download, eventually, exists, jpegPhoto, postFile, s3 } from './job-files-support.ts';
import { api, expectEnvelope, signedInIdentities, type Identity, type Role } from './support.ts';
import { freshClient, jsonInit, table } from './test-clients.ts';

let service: Service;
let ids: Record<Role, Identity>;

beforeAll(async () => {
  service = listServicesResponseSchema.parse((await api('/api/services')).json).services[0]!;
  ids = await signedInIdentities();
});

const file = (fileName: string, size: number, contentType = 'image/jpeg') => ({ fileName, contentType, size });

async function links(token: string, files: ReturnType<typeof file>[], uploadId?: string) {
  const answer = await api('/api/upload-links', jsonInit('POST', { uploadId, files }, token));
  expect(answer.status, answer.text).toBe(200);
  return createUploadLinksResponseSchema.parse(answer.json);
}

function confirmBatch(token: string, uploadId: string, photos: { key: string; fileName: string }[]) {
  return api(`/api/uploads/${uploadId}/photos/batch`, jsonInit('POST', { photos }, token));
}

async function post(link: BatchUploadLink, body: Buffer) {
  expect(link.post, `${link.fileName} should be a presigned POST`).not.toBeNull();
  await postFile(link.post!, body, 'image/jpeg');
}

/** A presigned GET of a stored object, as the API signs them. */
async function thumbnailUrl(key: string): Promise<string> {
  const { GetObjectCommand } = await import('@aws-sdk/client-s3');
  const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: localNames.uploadsBucket, Key: key }), { expiresIn: 60 });
}

async function imageItem(uploadId: string, imageId: string) {
  const { client, name } = table();
  return (
    await client.send(new GetCommand({ TableName: name, Key: { PK: `UPLOAD#${uploadId}`, SK: `PHOTO#${imageId}` } }))
  ).Item;
}

describe('batch upload links', () => {
  it('answers a presigned POST per file, in order, under one new upload, and refuses 101 files', async () => {
    const client = await freshClient();
    const answer = await links(client.token, [file('a.jpg', 1000), file('b.png', 2000, 'image/png')]);
    expect(answer.links.map((link) => link.fileName)).toEqual(['a.jpg', 'b.png']);
    for (const link of answer.links) {
      expect(link.key).toMatch(
        new RegExp(`^client-uploads/${client.userId}/${answer.uploadId}/[0-9A-Z]{26}\\.(jpg|png)$`),
      );
      expect(link.multipart).toBeNull();
      expect(link.post!.fields.key).toBe(link.key);
    }
    // The next call joins the same upload.
    const next = await links(client.token, [file('c.jpg', 10)], answer.uploadId);
    expect(next.uploadId).toBe(answer.uploadId);

    const tooMany = Array.from({ length: 101 }, (_, i) => file(`p${i}.jpg`, 100));
    const refused = await api('/api/upload-links', jsonInit('POST', { files: tooMany }, client.token));
    expect(expectEnvelope(refused.json, 400).details?.issues?.[0]).toMatchObject({ path: 'body.files' });
    const big = await api(
      '/api/upload-links',
      jsonInit('POST', { files: [file('x.tif', 501 * 1024 * 1024)] }, client.token),
    );
    expect(expectEnvelope(big.json, 400).details?.issues?.[0]?.message).toMatch(/at most 500 MB/);
  });

  it('sends a file over 100 MB as a multipart upload: parts PUT to presigned URLs, completed, then confirmed', async () => {
    const client = await freshClient();
    const size = multipartThresholdBytes + 1;
    const answer = await links(client.token, [file('large scan.jpg', size)]);
    const link = answer.links[0]!;
    expect(link.post).toBeNull();
    const multipart = link.multipart!;
    expect(multipart.partBytes).toBe(multipartPartBytes);
    expect(multipart.parts.map((part) => part.partNumber)).toEqual(
      Array.from({ length: Math.ceil(size / multipartPartBytes) }, (_, i) => i + 1),
    );
    // The emulator does not hold the client to the declared size: two parts (one full, one
    // short last part) are enough to go through every step a browser takes.
    const photo = await jpegPhoto(71, 64);
    const bodies = [Buffer.concat([photo, randomBytes(multipartPartBytes - photo.length)]), randomBytes(1000)];
    const parts = [];
    for (const [index, body] of bodies.entries()) {
      const put = await fetch(multipart.parts[index]!.url, { method: 'PUT', body: new Uint8Array(body) });
      expect(put.status, await put.clone().text()).toBe(200);
      parts.push({ partNumber: index + 1, etag: put.headers.get('etag')! });
    }
    // Completing someone else's upload, or with an unknown id, is refused.
    const notMine = await api(
      '/api/upload-links/complete',
      jsonInit('POST', { key: link.key, multipartUploadId: multipart.multipartUploadId, parts }, ids.CLIENT_B.token),
    );
    expect(expectEnvelope(notMine.json, 400).details?.issues?.[0]?.path).toBe('body.key');
    const completed = await api(
      '/api/upload-links/complete',
      jsonInit('POST', { key: link.key, multipartUploadId: multipart.multipartUploadId, parts }, client.token),
    );
    expect(completed.status, completed.text).toBe(200);
    expect(completeMultipartResponseSchema.parse(completed.json)).toEqual({
      key: link.key,
      size: bodies[0]!.length + bodies[1]!.length,
    });
    // Completing it again answers the same file; an upload id the server never handed out is refused.
    const again = await api(
      '/api/upload-links/complete',
      jsonInit('POST', { key: link.key, multipartUploadId: multipart.multipartUploadId, parts }, client.token),
    );
    expect(completeMultipartResponseSchema.parse(again.json).size).toBe(bodies[0]!.length + bodies[1]!.length);
    const unknown = await api(
      '/api/upload-links/complete',
      jsonInit(
        'POST',
        {
          key: link.key.replace(/[0-9A-Z]{26}\.jpg$/, `${'1'.repeat(26)}.jpg`),
          multipartUploadId: 'never-started',
          parts,
        },
        client.token,
      ),
    );
    expect(expectEnvelope(unknown.json, 400).message).toMatch(/no such multipart upload/);

    const confirmed = confirmPhotoBatchResponseSchema.parse(
      (await confirmBatch(client.token, answer.uploadId, [{ key: link.key, fileName: 'large scan.jpg' }])).json,
    );
    expect(confirmed.refused).toEqual([]);
    expect(confirmed.photos[0]).toMatchObject({ fileName: 'large scan.jpg', contentType: 'image/jpeg' });
    expect(confirmed.upload.bytes).toBe(bodies[0]!.length + bodies[1]!.length);
  });
});

describe('batch confirmation', () => {
  it('confirms the good files and refuses a foreign key, a 0-byte and a non-image file by name', async () => {
    const client = await freshClient();
    const other = await freshClient();
    const good = await Promise.all([1, 2, 3].map((seed) => jpegPhoto(seed)));
    const answer = await links(client.token, [
      file('one.jpg', good[0]!.length),
      file('two.jpg', good[1]!.length),
      file('empty.jpg', 1),
      file('notes.jpg', 100),
      file('three.jpg', good[2]!.length),
    ]);
    const [one, two, empty, notes, three] = answer.links as [
      BatchUploadLink,
      BatchUploadLink,
      BatchUploadLink,
      BatchUploadLink,
      BatchUploadLink,
    ];
    await post(one, good[0]!);
    await post(two, good[1]!);
    await post(empty, Buffer.alloc(0));
    await post(notes, Buffer.from('just some text, not a photo'));
    await post(three, good[2]!);
    // Another client's posted file, named in this client's batch.
    const theirs = (await links(other.token, [file('theirs.jpg', good[0]!.length)])).links[0]!;
    await post(theirs, good[0]!);

    const response = await confirmBatch(client.token, answer.uploadId, [
      { key: one.key, fileName: 'one.jpg' },
      { key: theirs.key, fileName: 'theirs.jpg' },
      { key: empty.key, fileName: 'empty.jpg' },
      { key: two.key, fileName: 'two.jpg' },
      { key: notes.key, fileName: 'notes.jpg' },
      { key: three.key, fileName: 'three.jpg' },
    ]);
    expect(response.status, response.text).toBe(200);
    const batch = confirmPhotoBatchResponseSchema.parse(response.json);
    expect(batch.photos.map((photo) => photo.fileName)).toEqual(['one.jpg', 'two.jpg', 'three.jpg']);
    expect(batch.photos.every((photo) => photo.preview === 'PENDING' && !photo.hasThumbnail)).toBe(true);
    expect(batch.refused.map((refusal) => refusal.fileName)).toEqual(['theirs.jpg', 'empty.jpg', 'notes.jpg']);
    expect(batch.refused[0]!.reason).toMatch(/not one the upload links of this upload answered/);
    expect(batch.refused[1]!.reason).toMatch(/empty \(0 bytes\)/);
    expect(batch.refused[2]!.reason).toMatch(/not a JPEG, PNG/);
    expect(batch.upload).toMatchObject({ uploadId: answer.uploadId, photoCount: 3 });
    // Refused files of the caller are deleted; another client's file is left alone.
    expect(await exists(empty.key)).toBe(false);
    expect(await exists(notes.key)).toBe(false);
    expect(await exists(theirs.key)).toBe(true);

    // The same batch again counts nothing twice.
    const again = confirmPhotoBatchResponseSchema.parse(
      (await confirmBatch(client.token, answer.uploadId, [{ key: one.key, fileName: 'one.jpg' }])).json,
    );
    expect(again.upload.photoCount).toBe(3);
    // Another client can neither add links to nor confirm into this upload.
    const foreign = await api(
      '/api/upload-links',
      jsonInit('POST', { uploadId: answer.uploadId, files: [file('d.jpg', 5)] }, ids.CLIENT_B.token),
    );
    expectEnvelope(foreign.json, 404);
    const theirBatch = await confirmBatch(ids.CLIENT_B.token!, answer.uploadId, [{ key: one.key, fileName: 'x.jpg' }]);
    expectEnvelope(theirBatch.json, 404);

    // Previews are made by the preview worker, after the answer.
    const previews = await eventually(
      () => Promise.all(batch.photos.map((photo) => imageItem(answer.uploadId, photo.id))),
      (items) => items.every((item) => item?.preview === 'READY'),
    );
    expect(previews.map((item) => [item!.width, item!.height])).toEqual([
      [48, 48],
      [48, 48],
      [48, 48],
    ]);
    const thumbnail = await download(await thumbnailUrl(previews[0]!.thumbnailKey as string));
    expect(thumbnail.body.subarray(8, 12).toString()).toBe('WEBP');

    // A job made of the upload counts its three images as received.
    const early = (await links(client.token, [file('late.jpg', good[0]!.length)], answer.uploadId)).links[0]!;
    const sub = service.subServices.find((s) => s.prices.some((p) => p.currency === 'USD'))!;
    const created = await api(
      '/api/jobs',
      jsonInit(
        'POST',
        { serviceId: service.id, selectedSubServices: [sub.id], linkType: 'generate', uploadId: answer.uploadId },
        client.token,
      ),
    );
    expect(created.status, created.text).toBe(201);
    const job = jobResponseSchema.parse(created.json).job;
    expect(job.numberOfPhotos).toBe(3);
    expect(job.imageCounts).toEqual({ RECEIVED: 3, IN_EDIT: 0, IN_QC: 0, DELIVERED: 0, APPROVED: 0, REJECTED: 0 });
    // Closed now: no more links for it, and a file posted with an earlier link is refused and not kept.
    const refusedLinks = await api(
      '/api/upload-links',
      jsonInit('POST', { uploadId: answer.uploadId, files: [file('late.jpg', 10)] }, client.token),
    );
    expect(expectEnvelope(refusedLinks.json, 409).message).toMatch(/belongs to job RS-/);
    await post(early, good[0]!);
    const closed = await confirmBatch(client.token, answer.uploadId, [{ key: early.key, fileName: 'late.jpg' }]);
    expect(expectEnvelope(closed.json, 409).message).toMatch(/takes no more photos/);
    expect(await exists(early.key)).toBe(false);
  });

  it('refuses 101 photos with a 400 and confirms nothing', async () => {
    const client = await freshClient();
    const uploadId = (await links(client.token, [file('a.jpg', 10)])).uploadId;
    const photos = Array.from({ length: 101 }, (_, i) => ({
      key: `client-uploads/${client.userId}/${uploadId}/${'0'.repeat(25)}${i % 10}.jpg`,
      fileName: `p${i}.jpg`,
    }));
    const refused = await confirmBatch(client.token, uploadId, photos);
    expect(expectEnvelope(refused.json, 400).details?.issues?.[0]?.path).toBe('body.photos');
  });
});
