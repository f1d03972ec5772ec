/** Helpers of the job-files tests (issue 15): real photos, the browser's upload steps, zips, S3. */
import { GetObjectTaggingCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { expect, inject } from 'vitest';
import { getUploadLinkResponseSchema, type UploadLink } from '@studio/shared/upload';
import {
  archiveResponseSchema,
  confirmPhotoResponseSchema,
  createDeliverableUploadLinkResponseSchema,
  type JobArchive,
} from '@studio/shared/job-files';
import { localNames } from '../../../scripts/local/provision.ts';
import { api } from './support.ts';
import { jsonInit } from './test-clients.ts';

export function s3() {
  return new S3Client({
    endpoint: inject('s3Endpoint'),
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
}

/** A real JPEG of a few kilobytes, different for each seed. */
export async function jpegPhoto(seed: number, size = 48): Promise<Buffer> {
  return sharp({
    create: { width: size, height: size, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: 90 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A file that starts like HEIC (a valid container header) but that sharp here cannot decode. */
export const heicLike = Buffer.concat([
  Buffer.from([0, 0, 0, 24]),
  Buffer.from('ftypheic'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic'),
  Buffer.alloc(200, 7),
]);

/** What the browser does with a presigned POST: the fields first, then the file. */
export async function postFile(link: { url: string; fields: Record<string, string> }, body: Buffer, type: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(link.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(body)], { type }), 'file');
  const response = await fetch(link.url, { method: 'POST', body: form });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

export async function photoLink(token: string, uploadId: string | undefined, type = 'image/jpeg', size = 1000) {
  const query = new URLSearchParams({ fileName: 'x', contentType: type, size: String(size) });
  if (uploadId) query.set('uploadId', uploadId);
  return api(`/api/get-upload-link?${query}`, { token });
}

/** Posts one file under an upload (a new one without `uploadId`) and answers the link it used. */
export async function postPhoto(
  token: string,
  uploadId: string | undefined,
  body: Buffer,
  type = 'image/jpeg',
  declaredSize = Math.max(1, body.length),
) {
  const response = await photoLink(token, uploadId, type, declaredSize);
  expect(response.status, response.text).toBe(200);
  const link: UploadLink = getUploadLinkResponseSchema.parse(response.json).uploadurl;
  await postFile(link, body, type);
  return link;
}

export function confirm(token: string, uploadId: string, key: string, fileName: string) {
  return api(`/api/uploads/${uploadId}/photos`, jsonInit('POST', { key, fileName }, token));
}

/** Uploads and confirms each photo, as the quote page does; answers the upload id. */
export async function uploadPhotos(token: string, photos: { name: string; body: Buffer; type?: string }[]) {
  let uploadId: string | undefined;
  for (const photo of photos) {
    const link = await postPhoto(token, uploadId, photo.body, photo.type ?? 'image/jpeg');
    uploadId = link.uploadId;
    const confirmed = await confirm(token, uploadId, link.key, photo.name);
    expect(confirmed.status, confirmed.text).toBe(201);
    confirmPhotoResponseSchema.parse(confirmed.json);
  }
  return uploadId!;
}

export async function exists(key: string): Promise<boolean> {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: localNames.uploadsBucket, Key: key }));
    return true;
  } catch {
    return false;
  }
}

export async function tagsOf(key: string): Promise<Record<string, string>> {
  const result = await s3().send(new GetObjectTaggingCommand({ Bucket: localNames.uploadsBucket, Key: key }));
  return Object.fromEntries((result.TagSet ?? []).map((tag) => [tag.Key!, tag.Value!]));
}

/** Polls until `check` holds (background work), failing after `ms`. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > until) throw new Error(`still not there after ${ms} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/**
 * Asks for a set's archive and waits until the worker has built it, for at most `waitMs`: a bound
 * that ends a hung build, not a measure of its speed (`npm run bench -- --only archive`).
 */
export async function readyArchive(
  token: string,
  jobId: string,
  set: 'photos' | 'deliverables',
  waitMs = 60_000,
): Promise<JobArchive> {
  const requested = await api(`/api/jobs/${jobId}/archives/${set}`, { method: 'POST', token });
  expect(requested.status, requested.text).toBe(200);
  return eventually(
    async () => archiveResponseSchema.parse((await api(`/api/jobs/${jobId}/archives/${set}`, { token })).json).archive,
    (archive) => archive.status === 'READY' || archive.status === 'FAILED',
    waitMs,
  );
}

export { unzip } from '../../../scripts/test-setup/unzip.ts';

export async function download(url: string) {
  const response = await fetch(url);
  return {
    status: response.status,
    disposition: response.headers.get('content-disposition'),
    type: response.headers.get('content-type'),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/**
 * What the editor's browser does to deliver one finished file: the upload link, the POST to the
 * bucket, the confirmation. Answers the link's refusal or the confirmation.
 */
export async function deliverFile(token: string | undefined, jobId: string, name: string, body: Buffer) {
  const linked = await api(
    `/api/jobs/${jobId}/deliverables/upload-link`,
    jsonInit('POST', { fileName: name, contentType: 'image/jpeg', size: body.length }, token),
  );
  if (linked.status !== 200) return linked;
  const { upload } = createDeliverableUploadLinkResponseSchema.parse(linked.json);
  expect(upload.key).toMatch(new RegExp(`^deliverables/${jobId}/`));
  await postFile(upload, body, 'image/jpeg');
  return api(`/api/jobs/${jobId}/deliverables`, jsonInit('POST', { key: upload.key, fileName: name }, token));
}

/** A transfer received for the job, recorded by staff (#16): the job is paid. */
export async function markPaid(staffToken: string | undefined, job: { id: string; totalCents: number }) {
  const paid = await api(
    `/api/jobs/${job.id}/payment/mark-paid`,
    jsonInit('PUT', { amountCents: job.totalCents, reference: 'Test transfer' }, staffToken),
  );
  expect(paid.status, paid.text).toBe(200);
}
