/**
 * The migration of #33 on a `.local/` from before images (docs/data-model.md patterns 74, 75): a
 * job made of uploaded photos, delivered with finished files of the job, becomes a job of images
 * whose versions are those files, matched to the photos by name; a file that matches no photo
 * stays a file of the job. Run as `npm start` runs it (the whole table, once), again (a no-op),
 * twice at once on one job (the same result), and by the files worker for a job read before it ran.
 * On a throwaway stack of its own, whose data is first taken back to its older shape.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmPhotoBatchResponseSchema,
  createUploadLinksResponseSchema,
  getJobImageResponseSchema,
  listJobImagesResponseSchema,
} from '@studio/shared/image-api';
import { jobResponseSchema, type Job } from '@studio/shared/job';
import { listDeliverablesResponseSchema } from '@studio/shared/job-files';
import { listServicesResponseSchema } from '@studio/shared/service';
import { localNames, s3Client } from '../../../scripts/local/provision.ts';
import { jsonInit, startOwnStack, type OwnStack } from './own-stack.ts';

let own: OwnStack;
let clientToken: string;
let managerToken: string;

beforeAll(async () => {
  own = await startOwnStack({ persist: false });
  const client = own.stack.accounts.find((account) => account.role === 'CLIENT')!;
  const signedIn = await own.call(
    '/api/users/signin',
    jsonInit('POST', { email: client.email, password: client.password }),
  );
  expect(signedIn.status, signedIn.text).toBe(200);
  clientToken = (signedIn.json as { token: string }).token;
  managerToken = await own.staffToken('MANAGER');
}, 180_000);

afterAll(async () => {
  await own?.stop();
});

const photo = (seed: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: seed * 30, g: 90, b: 120 } } })
    .jpeg()
    .toBuffer();

/** A job made of three uploaded photos, through today's routes. */
async function jobOfPhotos(names: string[]): Promise<Job> {
  const bodies = await Promise.all(names.map((_, i) => photo(i + 1)));
  const linked = createUploadLinksResponseSchema.parse(
    (
      await own.call(
        '/api/upload-links',
        jsonInit(
          'POST',
          { files: names.map((fileName, i) => ({ fileName, contentType: 'image/jpeg', size: bodies[i]!.length })) },
          clientToken,
        ),
      )
    ).json,
  );
  for (const [i, link] of linked.links.entries()) {
    const form = new FormData();
    for (const [name, value] of Object.entries(link.post!.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(bodies[i]!)], { type: 'image/jpeg' }), 'file');
    expect((await fetch(link.post!.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  }
  const confirmed = confirmPhotoBatchResponseSchema.parse(
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
  expect(confirmed.photos).toHaveLength(names.length);
  const service = listServicesResponseSchema.parse((await own.call('/api/services')).json).services[0]!;
  const sub = service.subServices.find((s) => s.prices.some((p) => p.currency === 'USD'))!;
  const created = await own.call(
    '/api/jobs',
    jsonInit(
      'POST',
      { serviceId: service.id, selectedSubServices: [sub.id], linkType: 'generate', uploadId: linked.uploadId },
      clientToken,
    ),
  );
  expect(created.status, created.text).toBe(201);
  return jobResponseSchema.parse(created.json).job;
}

/**
 * The job as #15-#17 left it: photos with no status or indexes (a preview made at confirmation),
 * finished files of the job (`DELIVERABLE#`), delivered, no counts; and no migration done yet.
 */
async function asBeforeImages(job: Job, finished: string[]): Promise<void> {
  const { client, name } = own.table;
  const photos = await client.send(
    new QueryCommand({
      TableName: name,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :photo)',
      ExpressionAttributeValues: { ':pk': `UPLOAD#${job.uploadId}`, ':photo': 'PHOTO#' },
      ConsistentRead: true,
    }),
  );
  for (const item of photos.Items ?? []) {
    await client.send(
      new UpdateCommand({
        TableName: name,
        Key: { PK: item.PK, SK: item.SK },
        UpdateExpression:
          'REMOVE #status, statusAt, preview, width, height, versionCount, updatedAt, jobId, GSI1PK, GSI1SK, GSI3PK, GSI3SK',
        ExpressionAttributeNames: { '#status': 'status' },
      }),
    );
  }
  await client.send(
    new UpdateCommand({
      TableName: name,
      Key: { PK: `UPLOAD#${job.uploadId}`, SK: 'UPLOAD' },
      UpdateExpression: 'REMOVE imageCount',
    }),
  );
  const s3 = s3Client(own.stack.endpoints.s3);
  for (const [i, fileName] of finished.entries()) {
    const id = ulid();
    const key = `deliverables/${job.id}/${id}.jpg`;
    await s3.send(new PutObjectCommand({ Bucket: localNames.uploadsBucket, Key: key, Body: await photo(10 + i) }));
    await client.send(
      new PutCommand({
        TableName: name,
        Item: {
          PK: `JOB#${job.id}`,
          SK: `DELIVERABLE#${id}`,
          type: 'Deliverable',
          jobId: job.id,
          id,
          key,
          fileName,
          size: 100,
          contentType: 'image/jpeg',
          thumbnailKey: null,
          createdAt: new Date(Date.now() + i).toISOString(),
          deliveredBy: 'editor-1',
        },
      }),
    );
  }
  await client.send(
    new UpdateCommand({
      TableName: name,
      Key: { PK: `JOB#${job.id}`, SK: 'JOB' },
      UpdateExpression:
        'SET #status = :delivered, progress = :full, deliverableCount = :files REMOVE imageCounts, imagesVersion',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':delivered': 'DELIVERED', ':full': 100, ':files': finished.length },
    }),
  );
  await client.send(new DeleteCommand({ TableName: name, Key: { PK: 'MIGRATION#images', SK: 'STATE' } }));
}

async function jobItem(jobId: string) {
  const { client, name } = own.table;
  return (
    await client.send(new GetCommand({ TableName: name, Key: { PK: `JOB#${jobId}`, SK: 'JOB' }, ConsistentRead: true }))
  ).Item!;
}

describe('jobs from before images', () => {
  it('become jobs of images whose versions are their finished files, matched by name, once', async () => {
    const job = await jobOfPhotos(['front.jpg', 'back.jpg', 'side.jpg']);
    await asBeforeImages(job, ['FRONT.png', 'extra-shot.jpg']);
    expect((await jobItem(job.id)).imageCounts).toBeUndefined();

    const { runImageMigration, migrateJob } = await import('../../src/data/image-migration.ts');
    const run = await runImageMigration();
    expect(run).toMatchObject({ status: 'DONE', jobs: 1, imagesMigrated: 3, versionsMigrated: 1, unmatchedFiles: 1 });
    expect((await jobItem(job.id)).imageCounts).toEqual({
      RECEIVED: 0,
      IN_EDIT: 0,
      IN_QC: 0,
      DELIVERED: 3,
      APPROVED: 0,
      REJECTED: 0,
    });
    // Done once: again it changes nothing.
    expect(await runImageMigration()).toMatchObject({ status: 'DONE', jobs: 1 });
    expect((await migrateJob(job.id)).outcome).toBe('done-before');

    // Staff read the images; the job kept its status; the file that matched no photo is still the job's.
    const read = listJobImagesResponseSchema.parse(
      (await own.call(`/api/jobs/${job.id}/images`, { token: managerToken })).json,
    );
    expect(read.images.map((image) => [image.fileName, image.status, image.current?.fileName ?? null])).toEqual([
      ['front.jpg', 'DELIVERED', 'FRONT.png'],
      ['back.jpg', 'DELIVERED', null],
      ['side.jpg', 'DELIVERED', null],
    ]);
    const front = getJobImageResponseSchema.parse(
      (await own.call(`/api/jobs/${job.id}/images/${read.images[0]!.id}`, { token: managerToken })).json,
    );
    expect(front.versions.map((v) => [v.number, v.round, v.released])).toEqual([[1, 1, true]]);
    expect(
      jobResponseSchema.parse((await own.call(`/api/jobs/${job.id}`, { token: managerToken })).json).job,
    ).toMatchObject({
      status: 'DELIVERED',
      deliverableCount: 2,
    });
    const files = listDeliverablesResponseSchema.parse(
      (await own.call(`/api/jobs/${job.id}/deliverables`, { token: managerToken })).json,
    );
    expect(files.deliverables.map((file) => file.fileName)).toEqual(['FRONT.png', 'extra-shot.jpg']);
    // The images can be found by name now: a redo of back.jpg is matched.
    const { client, name } = own.table;
    const byStem = await client.send(
      new QueryCommand({
        TableName: name,
        IndexName: 'GSI3',
        KeyConditionExpression: 'GSI3PK = :pk',
        ExpressionAttributeValues: { ':pk': `STEMS#${job.uploadId}` },
      }),
    );
    expect((byStem.Items ?? []).map((item) => item.GSI3SK as string).sort()).toEqual(
      read.images.map((image) => `${image.fileName.replace('.jpg', '')}#${image.id}`).sort(),
    );
  });

  it('gives the same result when two runs migrate one job at once', async () => {
    const job = await jobOfPhotos(['a.jpg', 'b.jpg']);
    await asBeforeImages(job, ['a.tif', 'b.png']);
    const { migrateJob } = await import('../../src/data/image-migration.ts');
    const runs = await Promise.all([migrateJob(job.id), migrateJob(job.id)]);
    expect(runs.map((run) => run.outcome).filter((outcome) => outcome === 'migrated').length).toBeGreaterThanOrEqual(1);
    // Each finished file became one version, whichever run moved it.
    expect(runs.reduce((sum, run) => sum + run.versions, 0)).toBe(2);
    expect((await jobItem(job.id)).imageCounts).toMatchObject({ DELIVERED: 2, RECEIVED: 0 });
    const read = listJobImagesResponseSchema.parse(
      (await own.call(`/api/jobs/${job.id}/images`, { token: managerToken })).json,
    );
    expect(read.images.map((image) => [image.current?.fileName, image.versionCount])).toEqual([
      ['a.tif', 1],
      ['b.png', 1],
    ]);
  });

  it('is done by the files worker for a job whose images are read before the migration ran', async () => {
    const job = await jobOfPhotos(['x.jpg']);
    await asBeforeImages(job, ['x.png']);
    const first = await own.call(`/api/jobs/${job.id}/images`, { token: managerToken });
    expect(first.status).toBe(409);
    expect((first.json as { message: string }).message).toMatch(/being prepared/);
    // The read asked the worker (the local Lambda endpoint runs it in this process).
    await own.stack.lambda.idle();
    const read = listJobImagesResponseSchema.parse(
      (await own.call(`/api/jobs/${job.id}/images`, { token: managerToken })).json,
    );
    expect(read.images.map((image) => [image.status, image.current?.fileName])).toEqual([['DELIVERED', 'x.png']]);
  });
});
