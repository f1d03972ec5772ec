/**
 * Client photo uploads: GET api/get-upload-link answers a presigned POST to the uploads bucket
 * under the caller's own prefix, the browser-style multipart POST to it lands the file, each file
 * is confirmed (POST api/uploads/{uploadId}/photos), and a job with linkType 'generate' is accepted
 * only for an upload of the caller's that holds confirmed photos (job-files.test.ts has the rest).
 */
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { jobResponseSchema, listJobsResponseSchema } from '@studio/shared/job';
import { listServicesResponseSchema, type Service } from '@studio/shared/service';
import { getUploadLinkResponseSchema, maxUploadBytes, type UploadLink } from '@studio/shared/upload';
import { localNames } from '../../../scripts/local/provision.ts';
import { confirm, jpegPhoto } from './job-files-support.ts';
import { api, expectEnvelope } from './support.ts';
import { freshClient, jsonInit } from './test-clients.ts';

let jpeg: Buffer;
let service: Service;

beforeAll(async () => {
  service = listServicesResponseSchema.parse((await api('/api/services')).json).services[0]!;
  jpeg = await jpegPhoto(40);
});

async function uploadLink(token: string, query: Record<string, string>) {
  const response = await api(`/api/get-upload-link?${new URLSearchParams(query)}`, { token });
  return response;
}

async function linkFor(token: string, uploadId?: string): Promise<UploadLink> {
  const response = await uploadLink(token, {
    fileName: '../../etc/passwd My Photo.JPG',
    contentType: 'image/jpeg',
    size: String(jpeg.length),
    ...(uploadId ? { uploadId } : {}),
  });
  expect(response.status, response.text).toBe(200);
  return getUploadLinkResponseSchema.parse(response.json).uploadurl;
}

/** What the browser does: a multipart form with the fields first, then the file. */
async function postFile(link: UploadLink, body: Buffer, contentType = 'image/jpeg') {
  const form = new FormData();
  for (const [name, value] of Object.entries(link.fields)) form.append(name, value);
  form.append('file', new Blob([body], { type: contentType }), 'photo.jpg');
  return fetch(link.url, { method: 'POST', body: form });
}

function generateOrder(uploadId: string) {
  return {
    serviceId: service.id,
    selectedSubServices: [service.subServices[0]!.id],
    linkType: 'generate',
    uploadId,
  };
}

describe('GET api/get-upload-link', () => {
  it("answers a presigned POST under the caller's prefix; the file lands there", async () => {
    const client = await freshClient();
    const first = await linkFor(client.token);
    // The browser posts straight to the emulator's bucket URL (path style locally).
    expect(first.url).toBe(`${inject('s3Endpoint')}/${localNames.uploadsBucket}`);
    expect(first.key).toMatch(
      new RegExp(`^client-uploads/${client.userId}/${first.uploadId}/[0-9A-HJKMNP-TV-Z]{26}\\.jpg$`),
    );
    expect(first.key).not.toMatch(/passwd|Photo/);
    expect(first.fields).toMatchObject({ key: first.key, 'Content-Type': 'image/jpeg' });
    // Every POST is tagged open, so files that never join a job expire (docs/decisions/job-files.md, "Job files").
    expect(first.fields.tagging).toContain('<Key>upload</Key><Value>open</Value>');
    expect(first.fields.Policy).toBeTruthy();

    const posted = await postFile(first, jpeg);
    expect(posted.status).toBeLessThan(300);

    const s3 = new S3Client({
      endpoint: inject('s3Endpoint'),
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const stored = await s3.send(new GetObjectCommand({ Bucket: localNames.uploadsBucket, Key: first.key }));
    expect(Buffer.from(await stored.Body!.transformToByteArray())).toEqual(jpeg);

    // The next file of the same upload shares its id and gets its own key.
    const second = await linkFor(client.token, first.uploadId);
    expect(second.uploadId).toBe(first.uploadId);
    expect(second.key).not.toBe(first.key);
    expect((await postFile(second, jpeg)).status).toBeLessThan(300);
    for (const link of [first, second]) {
      expect((await confirm(client.token, first.uploadId, link.key, 'My Photo.JPG')).status).toBe(201);
    }

    const created = await api('/api/jobs', jsonInit('POST', generateOrder(first.uploadId), client.token));
    expect(created.status, created.text).toBe(201);
    expect(jobResponseSchema.parse(created.json).job).toMatchObject({
      linkType: 'generate',
      uploadId: first.uploadId,
      dropboxLink: null,
      numberOfPhotos: 2,
    });
  });

  it.each([
    ['a PDF', { contentType: 'application/pdf' }, 'query.contentType'],
    ['an empty file', { size: '0' }, 'query.size'],
    ['a file over the limit', { size: String(maxUploadBytes + 1) }, 'query.size'],
    ['a size that is not a number', { size: 'big' }, 'query.size'],
    ['a fractional size', { size: '10.5' }, 'query.size'],
    ['no file name', { fileName: '' }, 'query.fileName'],
    ['a malformed upload id', { uploadId: '../other' }, 'query.uploadId'],
    ['an extra key', { key: 'client-uploads/someone-else/x.jpg' }, 'query'],
  ])('refuses %s with a 400', async (_, override, path) => {
    const client = await freshClient();
    const response = await uploadLink(client.token, {
      fileName: 'photo.jpg',
      contentType: 'image/jpeg',
      size: '1000',
      ...override,
    });
    expect(response.status).toBe(400);
    expect(expectEnvelope(response.json, 400).details?.issues?.map((i) => i.path)).toContain(path);
  });
});

describe('a job with linkType generate', () => {
  it('is refused for an upload that holds no photos, or that belongs to another client', async () => {
    const owner = await freshClient();
    const other = await freshClient();
    const link = await linkFor(owner.token);
    // Asked for but nothing posted yet.
    const empty = await api('/api/jobs', jsonInit('POST', generateOrder(link.uploadId), owner.token));
    expect(empty.status).toBe(400);
    expect(expectEnvelope(empty.json, 400).details?.issues?.[0]?.path).toBe('body.uploadId');

    expect((await postFile(link, jpeg)).status).toBeLessThan(300);
    // Posted but not confirmed: the job waits for it (409) rather than bill or drop it.
    const unconfirmed = await api('/api/jobs', jsonInit('POST', generateOrder(link.uploadId), owner.token));
    expect(expectEnvelope(unconfirmed.json, 409).message).toMatch(/still being uploaded or checked/);
    expect((await confirm(owner.token, link.uploadId, link.key, 'a.jpg')).status).toBe(201);
    const foreign = await api('/api/jobs', jsonInit('POST', generateOrder(link.uploadId), other.token));
    expect(foreign.status).toBe(400);
    expect(expectEnvelope(foreign.json, 400).details?.issues?.[0]?.path).toBe('body.uploadId');

    // A file that claims to be a JPEG but is not one is refused when confirmed, so it bills nothing.
    const fake = await linkFor(other.token);
    expect((await postFile(fake, Buffer.from('<html><script>alert(1)</script>'))).status).toBeLessThan(300);
    const refused = await confirm(other.token, fake.uploadId, fake.key, 'page.jpg');
    expect(expectEnvelope(refused.json, 400).message).toMatch(/page\.jpg: .*not a JPEG/);
    const faked = await api('/api/jobs', jsonInit('POST', generateOrder(fake.uploadId), other.token));
    expect(expectEnvelope(faked.json, 400).details?.issues?.[0]).toMatchObject({ path: 'body.uploadId' });

    const unknown = await api('/api/jobs', jsonInit('POST', generateOrder(ulid()), owner.token));
    expect(unknown.status).toBe(400);

    expect(
      listJobsResponseSchema.parse((await api(`/api/jobs/client/${other.userId}`, { token: other.token })).json).jobs,
    ).toEqual([]);
  });
});
