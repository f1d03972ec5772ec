/**
 * A job's files both ways (issue 15), through the gateway against the emulators: a client's
 * confirmed photos are billed and close their upload; staff list and download them (previews,
 * names as uploaded, byte-identical) and as one zip built by the files worker; bad files are
 * refused by name and deleted; the studio delivers finished files back; who may see what.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobNumberPattern, jobResponseSchema, type Job } from '@studio/shared/job';
import {
  confirmDeliverableResponseSchema,
  confirmPhotoResponseSchema,
  listDeliverablesResponseSchema,
  listJobPhotosResponseSchema,
} from '@studio/shared/job-files';
import { listServicesResponseSchema, type Service } from '@studio/shared/service';
import { getUploadLinkResponseSchema } from '@studio/shared/upload';
import { listJobImagesResponseSchema } from '@studio/shared/image-api';
import { localNames } from '../../../scripts/local/provision.ts';
import { sweepUploads } from '../../../scripts/local/sweep-uploads.ts';
import {
  confirm,
  deliverFile,
  download,
  eventually,
  exists,
  heicLike,
  jpegPhoto,
  markPaid,
  postFile,
  photoLink,
  postPhoto,
  readyArchive,
  s3,
  tagsOf,
  unzip,
  uploadPhotos,
} from './job-files-support.ts';
import { useHandlerEnv } from './handler-env.ts';
import { api, expectEnvelope, signedInIdentities, type Identity, type Role } from './support.ts';
import { freshClient, jsonInit, table } from './test-clients.ts';

let service: Service;
let ids: Record<Role, Identity>;

beforeAll(async () => {
  service = listServicesResponseSchema.parse((await api('/api/services')).json).services[0]!;
  ids = await signedInIdentities();
});

function order(uploadId: string, extra: Record<string, unknown> = {}) {
  const sub = service.subServices.find((s) => s.prices.some((p) => p.currency === 'USD'))!;
  return { serviceId: service.id, selectedSubServices: [sub.id], linkType: 'generate', uploadId, ...extra };
}

async function createJob(token: string, uploadId: string, extra: Record<string, unknown> = {}): Promise<Job> {
  const created = await api('/api/jobs', jsonInit('POST', order(uploadId, extra), token));
  expect(created.status, created.text).toBe(201);
  return jobResponseSchema.parse(created.json).job;
}

const assign = (jobId: string, editorId: string) =>
  api(`/api/jobs/${jobId}/assign`, jsonInit('PUT', { editorId }, ids.MANAGER.token));

describe('client photos reach the studio', () => {
  it('bills the confirmed photos, closes the upload, and lists them with previews and downloads', async () => {
    const client = await freshClient();
    const photos = [
      { name: 'Ström façade #1.jpg', body: await jpegPhoto(1) },
      { name: 'back door.jpg', body: await jpegPhoto(2) },
      { name: 'phone shot.HEIC', body: heicLike, type: 'image/heic' },
    ];
    const uploadId = await uploadPhotos(client.token, photos);
    // A link asked for before the job exists, used after.
    const earlyLink = getUploadLinkResponseSchema.parse((await photoLink(client.token, uploadId)).json).uploadurl;

    // No count typed: the job bills the three confirmed photos, gets a number and the client's name.
    const job = await createJob(client.token, uploadId);
    expect(job.numberOfPhotos).toBe(3);
    expect(job.jobNumber).toMatch(jobNumberPattern);
    expect(job.jobNumber!.slice(3, 7)).toBe(String(new Date(job.createdAt).getUTCFullYear()));
    expect(job.client).toEqual({ name: expect.any(String), email: client.email });
    expect(job.totalCents).toBe(
      service.subServices.find((s) => s.id === job.selectedSubServices[0])!.prices.find((p) => p.currency === 'USD')!
        .cents * 3,
    );

    // The upload is closed: no new link, and a file posted with an older link joins nothing.
    const late = await photoLink(client.token, uploadId);
    expect(expectEnvelope(late.json, 409).message).toMatch(/belongs to job RS-/);
    await postFile(earlyLink, await jpegPhoto(9), 'image/jpeg');
    const refused = await confirm(client.token, uploadId, earlyLink.key, 'late.jpg');
    expect(expectEnvelope(refused.json, 409).message).toMatch(/takes no more photos/);
    expect(await exists(earlyLink.key)).toBe(false);
    expect(
      jobResponseSchema.parse((await api(`/api/jobs/${job.id}`, { token: client.token })).json).job.numberOfPhotos,
    ).toBe(3);

    // The owner lists them: names as uploaded, real types, previews where sharp decodes (made by
    // the preview worker after confirmation, #33: listed once it has run).
    const page = await eventually(
      async () => {
        const listed = await api(`/api/jobs/${job.id}/photos`, { token: client.token });
        expect(listed.status, listed.text).toBe(200);
        return listJobPhotosResponseSchema.parse(listed.json);
      },
      (read) => read.photos.filter((p) => p.thumbnailUrl !== null).length === 2,
    );
    expect(page.total).toBe(3);
    expect(page.photos.map((p) => p.fileName)).toEqual(photos.map((p) => p.name));
    expect(page.photos.map((p) => p.contentType)).toEqual(['image/jpeg', 'image/jpeg', 'image/heic']);
    expect(page.photos.map((p) => p.thumbnailUrl !== null)).toEqual([true, true, false]);
    for (const [index, photo] of page.photos.entries()) {
      const file = await download(photo.downloadUrl);
      expect(file.status).toBe(200);
      expect(file.body.equals(photos[index]!.body)).toBe(true);
      expect(file.disposition).toContain(`filename*=UTF-8''${encodeURIComponent(photos[index]!.name)}`);
    }
    const preview = await download(page.photos[0]!.thumbnailUrl!);
    expect(preview.body.subarray(8, 12).toString()).toBe('WEBP');

    // The worker keeps the job's photos out of the expiry of abandoned uploads.
    const keys = page.photos.map((p) => new URL(p.downloadUrl).pathname.split('/').slice(2).join('/'));
    await eventually(
      () => Promise.all(keys.map((key) => tagsOf(decodeURIComponent(key)))),
      (tags) => tags.every((t) => t.upload === 'job'),
    );

    // Paged for big jobs.
    const first = listJobPhotosResponseSchema.parse(
      (await api(`/api/jobs/${job.id}/photos?limit=2`, { token: client.token })).json,
    );
    expect(first.photos).toHaveLength(2);
    const second = listJobPhotosResponseSchema.parse(
      (await api(`/api/jobs/${job.id}/photos?limit=2&cursor=${first.nextCursor}`, { token: client.token })).json,
    );
    expect(second.photos.map((p) => p.fileName)).toEqual([photos[2]!.name]);
    expect(second.nextCursor).toBeNull();
    const forged = await api(`/api/jobs/${job.id}/photos?cursor=${Buffer.from('{"PK":"X"}').toString('base64url')}`, {
      token: client.token,
    });
    expect(expectEnvelope(forged.json, 400).details?.issues?.[0]?.path).toBe('query.cursor');
  });

  it('lets the owner, the assigned editor and managers see the photos; nobody else', async () => {
    const owner = await freshClient();
    const uploadId = await uploadPhotos(owner.token, [{ name: 'a.jpg', body: await jpegPhoto(3) }]);
    const job = await createJob(owner.token, uploadId);
    const path = `/api/jobs/${job.id}/photos`;
    const status = async (token: string | undefined) => (await api(path, { token })).status;
    expect(await status(owner.token)).toBe(200);
    expect(await status(ids.MANAGER.token)).toBe(200);
    expect(await status(ids.SUPER_ADMIN.token)).toBe(200);
    // Client B and an editor the job is not assigned to meet the 404 of a job that does not exist.
    expectEnvelope((await api(path, { token: ids.CLIENT_B.token })).json, 404);
    expectEnvelope((await api(path, { token: ids.EDITOR.token })).json, 404);
    expectEnvelope((await api(`/api/jobs/${job.id}/archives/photos`, { token: ids.CLIENT_B.token })).json, 404);
    expect((await assign(job.id, ids.EDITOR.userId!)).status).toBe(200);
    expect(await status(ids.EDITOR.token)).toBe(200);
    expect(await status(undefined)).toBe(401);
    // An upload of client A's cannot be continued or confirmed into by client B.
    const foreign = await photoLink(ids.CLIENT_B.token!, uploadId);
    expect(foreign.status).toBe(404);
  });

  it('refuses 0-byte and renamed files by name, and deletes them', async () => {
    const client = await freshClient();
    // A damaged JPEG passes the confirmation's checks (type by its first bytes) since #33: the
    // preview worker finds it does not decode and marks it (images-api.test.ts). A file over the
    // limit (500 MB since #33) is refused by the same size check as before.
    const cases = [
      { name: 'empty.jpg', body: Buffer.alloc(0), message: /empty \(0 bytes\)/ },
      { name: 'notes.txt renamed.jpg', body: Buffer.from('just some text, not a photo'), message: /not a JPEG, PNG/ },
    ];
    let uploadId: string | undefined;
    for (const file of cases) {
      // The emulator ignores the POST policy (size, type), so each of these lands; the confirm step refuses it.
      // A file larger than it was declared (S3 itself refuses it; the emulator does not).
      const link = await postPhoto(
        client.token,
        uploadId,
        file.body,
        'image/jpeg',
        Math.min(1000, file.body.length || 1),
      );
      uploadId = link.uploadId;
      const response = await confirm(client.token, uploadId, link.key, file.name);
      const envelope = expectEnvelope(response.json, 400);
      expect(envelope.message).toContain(file.name);
      expect(envelope.message).toMatch(file.message);
      expect(envelope.details?.issues?.[0]?.path).toBe('body.key');
      expect(await exists(link.key), file.name).toBe(false);
    }
    // Nothing was confirmed: no job can be made of the upload.
    const none = await api('/api/jobs', jsonInit('POST', order(uploadId!), client.token));
    expect(expectEnvelope(none.json, 400).details?.issues?.[0]?.path).toBe('body.uploadId');

    // A PNG named .jpg is a real photo: kept with its real type.
    const png = await (
      await import('sharp')
    )
      .default({
        create: { width: 8, height: 8, channels: 3, background: '#336699' },
      })
      .png()
      .toBuffer();
    const link = await postPhoto(client.token, uploadId, png);
    const kept = confirmPhotoResponseSchema.parse((await confirm(client.token, uploadId!, link.key, 'shot.jpg')).json);
    expect(kept.photo).toMatchObject({ fileName: 'shot.jpg', contentType: 'image/png', preview: 'PENDING' });
    expect(kept.upload.photoCount).toBe(1);
    // The same confirmation twice counts the photo once.
    const again = confirmPhotoResponseSchema.parse((await confirm(client.token, uploadId!, link.key, 'shot.jpg')).json);
    expect(again.upload.photoCount).toBe(1);
    // A key outside the caller's upload is not confirmed.
    const outside = await confirm(client.token, uploadId!, `client-uploads/someone/${uploadId}/${ulid()}.jpg`, 'x.jpg');
    expect(expectEnvelope(outside.json, 400).details?.issues?.[0]?.path).toBe('body.key');

    // A photo posted but not confirmed yet: the job waits for it rather than leave it out.
    const inFlight = await postPhoto(client.token, uploadId, await jpegPhoto(8));
    const early = await api('/api/jobs', jsonInit('POST', order(uploadId!), client.token));
    expect(expectEnvelope(early.json, 409).message).toMatch(/1 photo is still being uploaded or checked/);
    expect((await confirm(client.token, uploadId!, inFlight.key, 'late but fine.jpg')).status).toBe(201);

    // A count sent with an upload must be the confirmed one.
    const wrong = await api('/api/jobs', jsonInit('POST', order(uploadId!, { numberOfPhotos: 5 }), client.token));
    expect(expectEnvelope(wrong.json, 400).details?.issues?.[0]).toMatchObject({
      path: 'body.numberOfPhotos',
      message: expect.stringMatching(/holds 2 confirmed photos;/),
    });
    expect((await createJob(client.token, uploadId!, { numberOfPhotos: 2 })).numberOfPhotos).toBe(2);
  });
});

describe('job numbers', () => {
  it('are unique under concurrent orders', async () => {
    const client = await freshClient();
    const sub = service.subServices.find((s) => s.prices.some((p) => p.currency === 'USD'))!;
    const body = {
      serviceId: service.id,
      selectedSubServices: [sub.id],
      linkType: 'own',
      dropboxLink: 'https://example.test/p',
      numberOfPhotos: 1,
    };
    const made = await Promise.all(
      Array.from({ length: 6 }, () => api('/api/jobs', jsonInit('POST', body, client.token))),
    );
    const numbers = made.map((r) => {
      expect(r.status, r.text).toBe(201);
      return jobResponseSchema.parse(r.json).job.jobNumber;
    });
    expect(new Set(numbers).size).toBe(6);
  });
});

describe('the studio delivers files', () => {
  it('the assigned editor uploads finished files; they complete the job and the client downloads them', async () => {
    const owner = await freshClient();
    const uploadId = await uploadPhotos(owner.token, [
      { name: 'raw.jpg', body: await jpegPhoto(4) },
      { name: 'raw crop.jpg', body: await jpegPhoto(3) },
    ]);
    const job = await createJob(owner.token, uploadId);
    // Before assignment the editor cannot deliver (404), nor can a client (403: staff route).
    expectEnvelope((await deliverFile(ids.EDITOR.token, job.id, 'x.jpg', await jpegPhoto(5))).json, 404);
    expectEnvelope((await deliverFile(owner.token, job.id, 'x.jpg', await jpegPhoto(5))).json, 403);
    await assign(job.id, ids.EDITOR.userId!);

    // Since #33 each finished file is a version of the photo whose name it shares (any extension).
    const finished = [
      { name: 'raw.jpg', body: await jpegPhoto(11) },
      { name: 'RAW CROP.jpg', body: await jpegPhoto(12) },
    ];
    for (const [index, file] of finished.entries()) {
      const confirmed = await deliverFile(ids.EDITOR.token, job.id, file.name, file.body);
      expect(confirmed.status, confirmed.text).toBe(201);
      expect(confirmDeliverableResponseSchema.parse(confirmed.json).deliverableCount).toBe(index + 1);
    }
    // A bad finished file is refused and deleted like a client's.
    const bad = await deliverFile(ids.MANAGER.token, job.id, 'oops.jpg', Buffer.from('not an image at all'));
    expect(expectEnvelope(bad.json, 400).message).toContain('oops.jpg');

    // With QC (on by default, #33) a manager passes each image: then the job is delivered, and
    // the editor's 100 % is what it already is.
    const listed0 = listJobImagesResponseSchema.parse(
      (await api(`/api/jobs/${job.id}/images`, { token: ids.MANAGER.token })).json,
    );
    for (const image of listed0.images) {
      const passed = await api(
        `/api/jobs/${job.id}/images/${image.id}/qc`,
        jsonInit('PUT', { decision: 'PASS' }, ids.MANAGER.token),
      );
      expect(passed.status, passed.text).toBe(200);
    }
    const done = await api(`/api/jobs/${job.id}/editor-update`, jsonInit('PUT', { progress: 100 }, ids.EDITOR.token));
    expect(done.status, done.text).toBe(200);
    expect(jobResponseSchema.parse(done.json).job).toMatchObject({ status: 'DELIVERED', deliverableCount: 2 });

    // Released to the client once paid (#16's default; the setting itself: payments.test.ts).
    await markPaid(ids.MANAGER.token, job);
    const listed = listDeliverablesResponseSchema.parse(
      (await api(`/api/jobs/${job.id}/deliverables`, { token: owner.token })).json,
    );
    expect(listed.deliverables.map((d) => d.fileName)).toEqual(finished.map((f) => f.name));
    for (const [index, file] of listed.deliverables.entries()) {
      const got = await download(file.downloadUrl);
      expect(got.body.equals(finished[index]!.body)).toBe(true);
      expect(await tagsOf(new URL(file.downloadUrl).pathname.split('/').slice(2).join('/'))).toEqual({
        upload: 'job',
      });
    }
    // Private: client B and an unassigned editor meet a 404.
    expectEnvelope((await api(`/api/jobs/${job.id}/deliverables`, { token: ids.CLIENT_B.token })).json, 404);

    // The client downloads them as one archive too.
    const archive = await readyArchive(owner.token, job.id, 'deliverables');
    expect(archive).toMatchObject({ status: 'READY', fileCount: 2, fileName: `${job.jobNumber}-finished-files.zip` });
    const entries = await unzip((await download(archive.downloadUrl!)).body);
    expect([...entries.keys()]).toEqual(finished.map((f) => f.name));
    for (const file of finished) expect(entries.get(file.name)!.equals(file.body)).toBe(true);
  });

  it('refuses a delivery on a cancelled job', async () => {
    const owner = await freshClient();
    const uploadId = await uploadPhotos(owner.token, [{ name: 'raw.jpg', body: await jpegPhoto(6) }]);
    const job = await createJob(owner.token, uploadId);
    const cancelled = await api(`/api/jobs/${job.id}`, jsonInit('PUT', { status: 'CANCELLED' }, ids.MANAGER.token));
    expect(cancelled.status, cancelled.text).toBe(200);
    const refused = await deliverFile(ids.MANAGER.token, job.id, 'late.jpg', await jpegPhoto(7));
    expect(expectEnvelope(refused.json, 409).message).toMatch(/cancelled, so nothing can be delivered/);
  });
});

describe('download all', () => {
  it("zips a job's photos with the names and bytes the client uploaded", async () => {
    const owner = await freshClient();
    const photos = [
      { name: 'IMG_0001.jpg', body: await jpegPhoto(21) },
      { name: 'IMG_0001.jpg', body: await jpegPhoto(22) },
      { name: '../../etc/passwd.jpg', body: await jpegPhoto(23) },
    ];
    const uploadId = await uploadPhotos(owner.token, photos);
    const job = await createJob(owner.token, uploadId);
    const archive = await readyArchive(ids.MANAGER.token!, job.id, 'photos');
    expect(archive.status).toBe('READY');
    const entries = await unzip((await download(archive.downloadUrl!)).body);
    expect([...entries.keys()]).toEqual(['IMG_0001.jpg', 'IMG_0001 (2).jpg', '__.._etc_passwd.jpg']);
    expect([...entries.values()].map((b) => b.toString('base64'))).toEqual(
      photos.map((p) => p.body.toString('base64')),
    );
    // Asked again, the same archive is answered (no second build).
    const again = await api(`/api/jobs/${job.id}/archives/photos`, { method: 'POST', token: ids.MANAGER.token });
    expect((again.json as { archive: { status: string } }).archive.status).toBe('READY');
    // A job sent as a link has nothing to zip.
    const linked = await api(
      '/api/jobs',
      jsonInit(
        'POST',
        {
          ...order(uploadId),
          linkType: 'own',
          uploadId: undefined,
          dropboxLink: 'https://example.test/x',
          numberOfPhotos: 2,
        },
        owner.token,
      ),
    );
    const linkJob = jobResponseSchema.parse(linked.json).job;
    const none = await api(`/api/jobs/${linkJob.id}/archives/photos`, { method: 'POST', token: ids.MANAGER.token });
    expect(expectEnvelope(none.json, 409).message).toMatch(/no uploaded photos/);
  });

  // A build whose worker died (#37's FAILED single zip) is, since #33, a volume whose run died:
  // read as FAILED and built again on request, in functions/test/isolated/archive-volumes.test.ts.

  it('streams the archive of 300 files into S3 in parts, holding a bounded part of it in memory', async () => {
    useHandlerEnv();
    const { confirmImages } = await import('../../src/data/images.ts');
    const owner = await freshClient();
    const uploadId = ulid();
    const fileBytes = 200 * 1024;
    // Arranged through the data layer (the API path of each photo is covered above): 300 files of
    // 200 KB, 60 MB in all, against 5 MiB parts.
    const files = Array.from({ length: 300 }, (_, i) => ({
      id: ulid(),
      name: `photo-${i}.jpg`,
      body: randomBytes(fileBytes),
    }));
    for (let i = 0; i < files.length; i += 20) {
      await Promise.all(
        files.slice(i, i + 20).map(async (file) => {
          const key = `client-uploads/${owner.userId}/${uploadId}/${file.id}.jpg`;
          await s3().send(new PutObjectCommand({ Bucket: localNames.uploadsBucket, Key: key, Body: file.body }));
          const added = await confirmImages(owner.userId, uploadId, [
            {
              id: file.id,
              key,
              fileName: file.name,
              size: file.body.length,
              contentType: 'image/jpeg',
              thumbnailKey: null,
              createdAt: new Date().toISOString(),
            },
          ]);
          expect(added.kind).toBe('confirmed');
        }),
      );
    }
    const job = await createJob(owner.token, uploadId);
    expect(job.numberOfPhotos).toBe(300);
    // 60 MB through the S3 emulator: 50-57 s for the whole test in passing fresh-clone runs, and
    // past the usual 60 s wait for the archive alone in two runs where the machine ran every
    // suite at half its speed (each file of the lane took twice as long).
    const archive = await readyArchive(ids.MANAGER.token!, job.id, 'photos', 180_000);
    expect(archive.status, archive.error ?? '').toBe('READY');

    const { client, name } = table();
    // One volume (#33: volumes of 2 GB), which records what its build measured.
    expect(archive.volumes).toHaveLength(1);
    const record = (
      await client.send(
        new GetCommand({ TableName: name, Key: { PK: `JOB#${job.id}`, SK: 'ARCHIVE#photos#VOLUME#001' } }),
      )
    ).Item!;
    const total = 300 * fileBytes;
    const partBytes = 5 * 1024 * 1024;
    // Streamed: many parts, and never more than the parts in flight (4) plus the one being filled
    // held at once, a fraction of the archive.
    expect(record.parts).toBeGreaterThanOrEqual(Math.floor(total / partBytes));
    expect(record.peakBufferedBytes).toBeLessThanOrEqual(5 * partBytes + 1024 * 1024);
    expect(record.peakBufferedBytes).toBeLessThan(total / 2);

    const zip = (await download(archive.downloadUrl!)).body;
    expect(zip.length).toBe(record.bytes);
    const entries = await unzip(zip);
    expect(entries.size).toBe(300);
    expect(entries.get('photo-299.jpg')!.equals(files[299]!.body)).toBe(true);
  }, 300_000);
});

describe('the local sweep of abandoned uploads', () => {
  it('expires old files that never became part of a job and keeps those of jobs', async () => {
    const owner = await freshClient();
    const uploadId = await uploadPhotos(owner.token, [{ name: 'kept.jpg', body: await jpegPhoto(31) }]);
    const job = await createJob(owner.token, uploadId);
    const kept = listJobPhotosResponseSchema.parse(
      (await api(`/api/jobs/${job.id}/photos`, { token: owner.token })).json,
    ).photos[0]!;
    const keptKey = decodeURIComponent(new URL(kept.downloadUrl).pathname.split('/').slice(2).join('/'));
    await eventually(
      () => tagsOf(keptKey),
      (tags) => tags.upload === 'job',
    );
    const abandoned = await postPhoto(owner.token, undefined, await jpegPhoto(32));

    const within = `client-uploads/${owner.userId}/`;
    const weekLater = Date.now() + 8 * 24 * 3600 * 1000;
    const bucket = localNames.uploadsBucket;
    // Young files are left alone whatever their tag.
    expect((await sweepUploads(s3(), bucket, { within })).deleted).toEqual([]);
    const swept = await sweepUploads(s3(), bucket, { within, now: weekLater });
    expect(swept.deleted).toEqual([abandoned.key]);
    expect(await exists(keptKey)).toBe(true);
    expect(await exists(abandoned.key)).toBe(false);
  });
});
