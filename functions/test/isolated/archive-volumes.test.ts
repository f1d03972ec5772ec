/**
 * "Download all" in volumes (#33): a set larger than a volume is cut into several zips, between
 * images, each built by its own run of the files worker; the answer lists the volumes and their
 * state. A run that would outlive Lambda's time limit stops itself and marks its volume FAILED; a
 * run that died leaves its volume BUILDING, read as FAILED once no run can still be alive; asking
 * again builds only the failed volumes. On a stack of its own: the volume size is set small in
 * this process, where its handlers and worker run.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmPhotoBatchResponseSchema, createUploadLinksResponseSchema } from '@studio/shared/image-api';
import { jobResponseSchema, type Job } from '@studio/shared/job';
import { archiveResponseSchema, type JobArchive } from '@studio/shared/job-files';
import { listServicesResponseSchema } from '@studio/shared/service';
import { unzip } from '../integration/job-files-support.ts';
import { jsonInit, startOwnStack, type OwnStack } from './own-stack.ts';

let own: OwnStack;
let clientToken: string;
let managerToken: string;
let job: Job;
const names = Array.from({ length: 9 }, (_, i) => `shot-${i + 1}.jpg`);
const bodies = new Map<string, Buffer>();
/** Each photo about 300 KB (noise does not compress): three fit in a volume of 1 MB. */
const volumeBytes = 1_000_000;

beforeAll(async () => {
  process.env.ARCHIVE_VOLUME_BYTES = String(volumeBytes);
  own = await startOwnStack({ persist: false });
  const client = own.stack.accounts.find((account) => account.role === 'CLIENT')!;
  const signedIn = await own.call(
    '/api/users/signin',
    jsonInit('POST', { email: client.email, password: client.password }),
  );
  clientToken = (signedIn.json as { token: string }).token;
  managerToken = await own.staffToken('MANAGER');
  for (const name of names) {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    // A JPEG followed by noise: the server checks the first bytes, the zip stores the file as is.
    bodies.set(name, Buffer.concat([jpeg, randomBytes(300_000)]));
  }
  const linked = createUploadLinksResponseSchema.parse(
    (
      await own.call(
        '/api/upload-links',
        jsonInit(
          'POST',
          {
            files: names.map((fileName) => ({
              fileName,
              contentType: 'image/jpeg',
              size: bodies.get(fileName)!.length,
            })),
          },
          clientToken,
        ),
      )
    ).json,
  );
  for (const [i, link] of linked.links.entries()) {
    const form = new FormData();
    for (const [field, value] of Object.entries(link.post!.fields)) form.append(field, value);
    form.append('file', new Blob([new Uint8Array(bodies.get(names[i]!)!)], { type: 'image/jpeg' }), 'file');
    expect((await fetch(link.post!.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  }
  confirmPhotoBatchResponseSchema.parse(
    (
      await own.call(
        `/api/uploads/${linked.uploadId}/photos/batch`,
        jsonInit(
          'POST',
          { photos: linked.links.map((link, i) => ({ key: link.key, fileName: names[i] })) },
          clientToken,
        ),
      )
    ).json,
  );
  const service = listServicesResponseSchema.parse((await own.call('/api/services')).json).services[0]!;
  const sub = service.subServices.find((s) => s.prices.some((p) => p.currency === 'USD'))!;
  job = jobResponseSchema.parse(
    (
      await own.call(
        '/api/jobs',
        jsonInit(
          'POST',
          { serviceId: service.id, selectedSubServices: [sub.id], linkType: 'generate', uploadId: linked.uploadId },
          clientToken,
        ),
      )
    ).json,
  ).job;
}, 180_000);

afterAll(async () => {
  delete process.env.ARCHIVE_VOLUME_BYTES;
  await own?.stop();
});

async function archive(method: 'GET' | 'POST'): Promise<JobArchive> {
  const answer = await own.call(`/api/jobs/${job.id}/archives/photos`, { method, token: managerToken });
  expect(answer.status, answer.text).toBe(200);
  return archiveResponseSchema.parse(answer.json).archive;
}

async function volumeItem(number: number) {
  const { client, name } = own.table;
  return (
    await client.send(
      new GetCommand({
        TableName: name,
        Key: { PK: `JOB#${job.id}`, SK: `ARCHIVE#photos#VOLUME#${String(number).padStart(3, '0')}` },
        ConsistentRead: true,
      }),
    )
  ).Item!;
}

describe('an archive in volumes', () => {
  it('cuts the photos into volumes of at most the volume size, each built by its own run, holding every file once', async () => {
    const requested = await archive('POST');
    expect(requested.status).toBe('BUILDING');
    await own.stack.lambda.idle();
    const built = await archive('GET');
    expect(built.status, JSON.stringify(built)).toBe('READY');
    expect(built.volumes).toHaveLength(3);
    expect(built.downloadUrl).toBeNull();
    expect(built.volumes!.map((volume) => [volume.number, volume.status, volume.fileCount])).toEqual([
      [1, 'READY', 3],
      [2, 'READY', 3],
      [3, 'READY', 3],
    ]);
    expect(built.volumes!.map((volume) => volume.fileName)).toEqual([
      `${job.jobNumber}-photos-1-of-3.zip`,
      `${job.jobNumber}-photos-2-of-3.zip`,
      `${job.jobNumber}-photos-3-of-3.zip`,
    ]);
    const seen: string[] = [];
    for (const volume of built.volumes!) {
      const zip = Buffer.from(await (await fetch(volume.downloadUrl!)).arrayBuffer());
      expect(zip.length).toBe(volume.bytes);
      expect(zip.length).toBeLessThanOrEqual(volumeBytes + 64 * 1024);
      for (const [name, body] of await unzip(zip)) {
        expect(body.equals(bodies.get(name)!)).toBe(true);
        seen.push(name);
      }
    }
    expect(seen).toEqual(names);
    // Built by three runs: each volume records its own.
    const attempts = await Promise.all([1, 2, 3].map(async (n) => (await volumeItem(n)).attempt as string));
    expect(new Set(attempts).size).toBe(3);
  });

  it('a run that would outlive its time marks its volume FAILED; asking again builds that volume only', async () => {
    const built = await archive('GET');
    const { handler } = await import('../../src/workers/files-worker.ts');
    const record = (
      await own.table.client.send(
        new GetCommand({
          TableName: own.table.name,
          Key: { PK: `JOB#${job.id}`, SK: 'ARCHIVE#photos' },
          ConsistentRead: true,
        }),
      )
    ).Item!;
    // Volume 2 failed once (a run found it stale): a run with less time left than it keeps back stops at once.
    await own.table.client.send(
      new UpdateCommand({
        TableName: own.table.name,
        Key: { PK: `JOB#${job.id}`, SK: 'ARCHIVE#photos#VOLUME#002' },
        UpdateExpression: 'SET #status = :failed',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':failed': 'FAILED' },
      }),
    );
    await handler(
      { task: 'build-volume', jobId: job.id, set: 'photos', buildId: record.buildId as string, volume: 2 },
      { getRemainingTimeInMillis: () => 10_000 },
    );
    const stopped = await archive('GET');
    expect(stopped.status).toBe('FAILED');
    expect(stopped.volumes![1]).toMatchObject({ status: 'FAILED', downloadUrl: null });
    expect(stopped.volumes![1]!.error).toMatch(/longer than a worker may run/);
    expect(stopped.volumes!.filter((volume) => volume.status === 'READY')).toHaveLength(2);

    const untouched = await volumeItem(1);
    const retried = await archive('POST');
    expect(retried.volumes![1]!.status).not.toBe('READY');
    await own.stack.lambda.idle();
    const again = await archive('GET');
    expect(again.status).toBe('READY');
    // Volume 1 was not built again; volume 2 was, by a new run.
    expect((await volumeItem(1)).attempt).toBe(untouched.attempt);
    expect(again.volumes![1]!.fileCount).toBe(built.volumes![1]!.fileCount);
  });

  it('reads a volume whose run died (still BUILDING past any run) as FAILED, and builds it again when asked', async () => {
    const longAgo = new Date(Date.now() - 20 * 60 * 1000).toISOString();
    await own.table.client.send(
      new UpdateCommand({
        TableName: own.table.name,
        Key: { PK: `JOB#${job.id}`, SK: 'ARCHIVE#photos#VOLUME#003' },
        UpdateExpression: 'SET #status = :building, startedAt = :then',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':building': 'BUILDING', ':then': longAgo },
      }),
    );
    const dead = await archive('GET');
    expect(dead.status).toBe('FAILED');
    expect(dead.volumes![2]!.error).toMatch(/stopped before it was done/);
    await archive('POST');
    await own.stack.lambda.idle();
    const again = await archive('GET');
    expect(again.status).toBe('READY');
    expect(again.volumes!.every((volume) => volume.status === 'READY')).toBe(true);
  });
});
