/**
 * Images as the unit of work (issue 33) through the gateway against the emulators: a client's
 * photos become images of its job; the editor delivers finished files matched to their originals
 * by name (all or nothing), QC passes or fails each, the job follows its images to DELIVERED, and
 * every role reads what the release rule lets it see.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  deliverImagesResponseSchema,
  deliverVersionResponseSchema,
  getJobImageResponseSchema,
  listQcImagesResponseSchema,
  qcDecisionResponseSchema,
  type BatchUploadLink,
  type JobImage,
} from '@studio/shared/image-api';
import type { Job } from '@studio/shared/job';
import { jobTimelineResponseSchema } from '@studio/shared/job-lifecycle';
import { download, eventually, jpegPhoto, markPaid } from './job-files-support.ts';
import { deliver, images, jobWithPhotos, postFinished, qc, readJob, type Client } from './images-support.ts';
import { api, expectEnvelope, signedInIdentities, type Identity, type Role } from './support.ts';
import { freshClient, jsonInit, messagesTo } from './test-clients.ts';
import { useHandlerEnv } from './handler-env.ts';

let ids: Record<Role, Identity>;

beforeAll(async () => {
  ids = await signedInIdentities();
});

/** A layered Photoshop file: the signature is what the server reads. */
const psd = () => Buffer.concat([Buffer.from('8BPS'), Buffer.from([0, 1]), randomBytes(200)]);

describe('a job of images, from the client to delivery', () => {
  let owner: Client;
  let job: Job;
  let byName: Map<string, JobImage>;
  const finished = new Map<string, Buffer>();

  it('lists the client’s photos as RECEIVED images with their previews, to the owner and the job’s staff only', async () => {
    owner = await freshClient();
    const photos = await Promise.all(
      ['front.jpg', 'back.jpg', 'side view.jpg'].map(async (name, i) => ({ name, body: await jpegPhoto(40 + i, 64) })),
    );
    job = await jobWithPhotos(owner, photos);
    expect(job.imageCounts).toMatchObject({ RECEIVED: 3 });
    const page = await eventually(
      () => images(job.id, owner.token),
      (read) => read.images.every((image) => image.original.preview === 'READY'),
    );
    expect(page.images.map((image) => [image.fileName, image.status])).toEqual([
      ['front.jpg', 'RECEIVED'],
      ['back.jpg', 'RECEIVED'],
      ['side view.jpg', 'RECEIVED'],
    ]);
    expect(page.images[0]!.original).toMatchObject({ width: 64, height: 64, contentType: 'image/jpeg' });
    expect((await download(page.images[0]!.original.downloadUrl)).body.equals(photos[0]!.body)).toBe(true);
    expect((await download(page.images[0]!.original.previewUrl!)).body.subarray(8, 12).toString()).toBe('WEBP');
    expect(page).toMatchObject({ total: 3, counts: { RECEIVED: 3 }, nextCursor: null });
    byName = new Map(page.images.map((image) => [image.fileName, image]));

    // Paged, filtered by status, and a cursor of another list refused.
    const first = await images(job.id, owner.token, '?limit=2');
    expect(first.images).toHaveLength(2);
    const rest = await images(job.id, owner.token, `?limit=2&cursor=${first.nextCursor}`);
    expect(rest.images.map((image) => image.fileName)).toEqual(['side view.jpg']);
    expect((await images(job.id, owner.token, '?status=IN_QC')).images).toEqual([]);
    const foreign = await api(`/api/jobs/${job.id}/images?status=RECEIVED&cursor=${first.nextCursor}`, {
      token: owner.token,
    });
    expect(expectEnvelope(foreign.json, 400).details?.issues?.[0]?.path).toBe('query.cursor');
    const badStatus = await api(`/api/jobs/${job.id}/images?status=DONE`, { token: owner.token });
    expect(expectEnvelope(badStatus.json, 400).details?.issues?.[0]?.path).toBe('query.status');

    // Client B and an editor the job is not assigned to meet the 404 of an unknown job.
    expectEnvelope((await api(`/api/jobs/${job.id}/images`, { token: ids.CLIENT_B.token })).json, 404);
    expectEnvelope((await api(`/api/jobs/${job.id}/images`, { token: ids.EDITOR.token })).json, 404);
    const assigned = await api(
      `/api/jobs/${job.id}/assign`,
      jsonInit('PUT', { editorId: ids.EDITOR.userId }, ids.MANAGER.token),
    );
    expect(assigned.status, assigned.text).toBe(200);
    expect((await images(job.id, ids.EDITOR.token)).images).toHaveLength(3);
    expect((await images(job.id, ids.SUPER_ADMIN.token)).images).toHaveLength(3);
  });

  it('matches finished files to originals by name (any extension); one unmatched file delivers nothing', async () => {
    finished.set('front.png', await jpegPhoto(50, 32));
    finished.set('BACK.jpg', await jpegPhoto(51, 32));
    finished.set('side view.tif', await jpegPhoto(52, 32));
    finished.set('side view.psd', psd());
    finished.set('unknown.jpg', await jpegPhoto(53, 32));
    const files = [...finished.entries()].map(([name, body]) => ({
      name,
      body,
      type: name.endsWith('.psd') ? 'image/vnd.adobe.photoshop' : 'image/jpeg',
    }));
    const links: BatchUploadLink[] = await postFinished(ids.EDITOR.token, job.id, files);
    const all = links.map((link) => ({ key: link.key, fileName: link.fileName }));

    // A client cannot deliver (403), nor can an editor of another job (404).
    expectEnvelope((await deliver(owner.token, job.id, all)).json, 403);
    const refused = await deliver(ids.EDITOR.token, job.id, all);
    const envelope = expectEnvelope(refused.json, 400);
    expect(envelope.message).toMatch(/1 of 5 files could not be delivered, so none was/);
    expect((envelope.details as { unmatched: { fileName: string; reason: string }[] }).unmatched).toEqual([
      {
        fileName: 'unknown.jpg',
        key: links[4]!.key,
        reason: expect.stringMatching(/matches no photo of this job by name/),
      },
    ]);
    const untouched = await images(job.id, ids.EDITOR.token);
    expect(untouched.counts).toMatchObject({ RECEIVED: 3, IN_QC: 0 });
    expect(untouched.images.every((image) => image.versionCount === 0)).toBe(true);

    const answer = await deliver(ids.EDITOR.token, job.id, all.slice(0, 4));
    expect(answer.status, answer.text).toBe(200);
    const delivered = deliverImagesResponseSchema.parse(answer.json);
    expect(delivered.delivered.map((d) => [d.fileName, d.imageFileName, d.kind, d.number, d.status])).toEqual([
      ['front.png', 'front.jpg', 'main', 1, 'IN_QC'],
      ['BACK.jpg', 'back.jpg', 'main', 1, 'IN_QC'],
      ['side view.tif', 'side view.jpg', 'main', 1, 'IN_QC'],
      ['side view.psd', 'side view.jpg', 'extra', 2, 'IN_QC'],
    ]);
    // QC is required by default: the job is in progress, the client sees no finished version.
    expect(delivered.counts).toMatchObject({ RECEIVED: 0, IN_QC: 3 });
    expect(delivered.jobStatus).toBe('IN_PROGRESS');
    // Delivering the same files again changes nothing (a resumed call).
    const again = deliverImagesResponseSchema.parse((await deliver(ids.EDITOR.token, job.id, all.slice(0, 4))).json);
    expect(again.delivered).toEqual([]);
    expect(again.counts).toMatchObject({ IN_QC: 3 });
    await markPaid(ids.MANAGER.token, job);
    const client = await images(job.id, owner.token);
    expect(client.images.every((image) => image.current === null && image.qcNote === null)).toBe(true);
    const staff = await eventually(
      () => images(job.id, ids.EDITOR.token),
      (read) => read.images.every((image) => image.current?.preview === 'READY'),
    );
    expect(staff.images.map((image) => image.current?.fileName)).toEqual(['front.png', 'BACK.jpg', 'side view.tif']);
    expect(staff.images.every((image) => image.current!.released === false)).toBe(true);
  });

  it('QC fails an image with a note for the editor and passes the others; the board lists what waits, oldest first', async () => {
    const board = listQcImagesResponseSchema.parse(
      (await api('/api/qc/images?limit=200', { token: ids.MANAGER.token })).json,
    );
    const mine = board.images.filter((entry) => entry.job.id === job.id);
    expect(mine.map((entry) => entry.image.fileName).sort()).toEqual(['back.jpg', 'front.jpg', 'side view.jpg']);
    expect(mine[0]!.job.jobNumber).toBe(job.jobNumber);
    const times = board.images.map((entry) => entry.waitingSince);
    expect([...times].sort()).toEqual(times);
    // Only managers and super-admins check.
    expectEnvelope((await api('/api/qc/images', { token: ids.EDITOR.token })).json, 403);
    expectEnvelope((await qc(ids.EDITOR.token, job.id, byName.get('back.jpg')!.id, { decision: 'PASS' })).json, 403);
    const noNote = await qc(ids.MANAGER.token, job.id, byName.get('back.jpg')!.id, { decision: 'FAIL' });
    expect(expectEnvelope(noNote.json, 400).details?.issues?.[0]?.path).toBe('body.note');

    const failed = qcDecisionResponseSchema.parse(
      (
        await qc(ids.MANAGER.token, job.id, byName.get('back.jpg')!.id, {
          decision: 'FAIL',
          note: 'Remove the dust at the top left.',
        })
      ).json,
    );
    expect(failed.image).toMatchObject({ status: 'IN_EDIT', qcNote: { note: 'Remove the dust at the top left.' } });
    for (const name of ['front.jpg', 'side view.jpg']) {
      const passed = qcDecisionResponseSchema.parse(
        (await qc(ids.SUPER_ADMIN.token, job.id, byName.get(name)!.id, { decision: 'PASS' })).json,
      );
      expect(passed.image.status).toBe('DELIVERED');
    }
    // Deciding again is a 409: nothing waits.
    expectEnvelope((await qc(ids.MANAGER.token, job.id, byName.get('front.jpg')!.id, { decision: 'PASS' })).json, 409);
    const after = await images(job.id, ids.EDITOR.token);
    expect(after.counts).toMatchObject({ IN_EDIT: 1, DELIVERED: 2, IN_QC: 0 });
    expect(after.images.find((image) => image.fileName === 'back.jpg')!.qcNote?.note).toBe(
      'Remove the dust at the top left.',
    );
    const boardAfter = listQcImagesResponseSchema.parse(
      (await api('/api/qc/images?limit=200', { token: ids.MANAGER.token })).json,
    );
    expect(boardAfter.images.some((entry) => entry.job.id === job.id)).toBe(false);
    // The job is not delivered while one image is back with the editor.
    expect((await readJob(job.id, owner.token)).status).toBe('IN_PROGRESS');

    // The client (paid) sees the passed versions, never the note, and the failed image without one.
    const client = await images(job.id, owner.token);
    expect(client.released).toBe(true);
    expect(client.images.map((image) => image.current?.fileName ?? null)).toEqual(['front.png', null, 'side view.tif']);
    expect(client.images.every((image) => image.qcNote === null)).toBe(true);
  });

  it('a redo becomes the current version; once every image passes the job is DELIVERED', async () => {
    const back = byName.get('back.jpg')!;
    const [link] = await postFinished(ids.EDITOR.token, job.id, [
      { name: 'back-fixed.jpg', body: await jpegPhoto(60, 32) },
    ]);
    // Upload on the image itself: no matching by name.
    const redo = await api(
      `/api/jobs/${job.id}/images/${back.id}/versions`,
      jsonInit('POST', { key: link!.key, fileName: 'back-fixed.jpg' }, ids.EDITOR.token),
    );
    expect(redo.status, redo.text).toBe(201);
    const version = deliverVersionResponseSchema.parse(redo.json);
    expect(version.version).toMatchObject({ number: 2, round: 1, kind: 'main', released: false });
    expect(version.image).toMatchObject({ status: 'IN_QC', versionCount: 2 });
    const passed = qcDecisionResponseSchema.parse(
      (await qc(ids.MANAGER.token, job.id, back.id, { decision: 'PASS' })).json,
    );
    expect(passed.jobStatus).toBe('DELIVERED');
    expect(passed.counts).toMatchObject({ DELIVERED: 3 });
    const delivered = await readJob(job.id, owner.token);
    expect(delivered).toMatchObject({ status: 'DELIVERED', progress: 100 });
    const timeline = jobTimelineResponseSchema.parse(
      (await api(`/api/jobs/${job.id}/timeline`, { token: owner.token })).json,
    );
    expect(timeline.timeline.map((entry) => entry.action)).toContain('delivered');

    // Every version stays as history; the client sees the released ones and the extra of a released one.
    const staff = getJobImageResponseSchema.parse(
      (await api(`/api/jobs/${job.id}/images/${back.id}`, { token: ids.MANAGER.token })).json,
    );
    expect(staff.versions.map((v) => [v.number, v.fileName, v.released, v.qc?.decision ?? null])).toEqual([
      [1, 'BACK.jpg', false, 'FAIL'],
      [2, 'back-fixed.jpg', true, 'PASS'],
    ]);
    const client = getJobImageResponseSchema.parse(
      (await api(`/api/jobs/${job.id}/images/${back.id}`, { token: owner.token })).json,
    );
    expect(client.versions.map((v) => [v.number, v.fileName, v.qc])).toEqual([[2, 'back-fixed.jpg', null]]);
    expect(client.image.current?.fileName).toBe('back-fixed.jpg');
    const side = getJobImageResponseSchema.parse(
      (await api(`/api/jobs/${job.id}/images/${byName.get('side view.jpg')!.id}`, { token: owner.token })).json,
    );
    expect(side.versions.map((v) => [v.fileName, v.kind, v.of])).toEqual([
      ['side view.tif', 'main', null],
      ['side view.psd', 'extra', 1],
    ]);
    expect((await download(side.versions[1]!.downloadUrl)).body.equals(finished.get('side view.psd')!)).toBe(true);
    // Client B still meets a 404 on one image.
    expectEnvelope((await api(`/api/jobs/${job.id}/images/${back.id}`, { token: ids.CLIENT_B.token })).json, 404);
  });
});

describe('e-mail while images are delivered', () => {
  it('sends "N of M images delivered" digests, one per job and hour, not one per image', async () => {
    useHandlerEnv();
    const { runImageDigests } = await import('../../src/data/image-digests.ts');
    const owner = await freshClient({ name: 'Digest Client' });
    const job = await jobWithPhotos(
      owner,
      await Promise.all(
        ['d1.jpg', 'd2.jpg', 'd3.jpg', 'd4.jpg'].map(async (name, i) => ({ name, body: await jpegPhoto(90 + i) })),
      ),
    );
    const manager = ids.MANAGER.token;
    const list = (await images(job.id, manager)).images;
    const deliverAndPass = async (indexes: number[]) => {
      const links = await postFinished(
        manager,
        job.id,
        await Promise.all(indexes.map(async (i) => ({ name: list[i]!.fileName, body: await jpegPhoto(100 + i) }))),
      );
      expect(
        (
          await deliver(
            manager,
            job.id,
            links.map((link) => ({ key: link.key, fileName: link.fileName })),
          )
        ).status,
      ).toBe(200);
      for (const i of indexes) expect((await qc(manager, job.id, list[i]!.id, { decision: 'PASS' })).status).toBe(200);
    };
    const only = { onlyJobs: new Set([job.id]) };
    const nextHour = () => new Date(Date.now() + 3_600_000 + 1000);

    const hour = 3_600_000;
    const before = Date.now();
    await deliverAndPass([0, 1]);
    // Nothing is sent before the hour is up (the marker is due at the full hour after the change).
    const lastMomentOfThatHour = new Date((Math.floor(before / hour) + 1) * hour - 1);
    expect((await runImageDigests(lastMomentOfThatHour, only)).sent).toEqual([]);
    expect((await runImageDigests(nextHour(), only)).sent).toEqual([{ jobId: job.id, delivered: 2, total: 4 }]);
    // Told once: the next run has nothing to say.
    expect((await runImageDigests(nextHour(), only)).sent).toEqual([]);
    await deliverAndPass([2]);
    expect((await runImageDigests(nextHour(), only)).sent).toEqual([{ jobId: job.id, delivered: 3, total: 4 }]);
    // The last image delivers the job: its own e-mail says so, and no digest follows.
    await deliverAndPass([3]);
    expect(await runImageDigests(nextHour(), only)).toMatchObject({ sent: [] });
    const mails = await eventually(
      async () => (await messagesTo(owner.email)).map((message) => message.subject),
      (subjects) => subjects.filter((subject) => !subject.includes('we received')).length >= 3,
    );
    expect(mails.filter((subject) => !subject.includes('we received'))).toEqual([
      `Job ${job.jobNumber}: 2 of 4 images delivered`,
      `Job ${job.jobNumber}: 3 of 4 images delivered`,
      `Job ${job.jobNumber}: your photos are ready`,
    ]);
  });
});

describe('the release rule on image reads', () => {
  it('holds finished versions from the owner until the job is paid, and shows them to its staff', async () => {
    const owner = await freshClient();
    const job = await jobWithPhotos(owner, [{ name: 'only.jpg', body: await jpegPhoto(80) }]);
    const manager = ids.MANAGER.token;
    const [image] = (await images(job.id, manager)).images;
    const [link] = await postFinished(manager, job.id, [{ name: 'only.jpg', body: await jpegPhoto(81) }]);
    expect((await deliver(manager, job.id, [{ key: link!.key, fileName: 'only.jpg' }])).status).toBe(200);
    expect((await qc(manager, job.id, image!.id, { decision: 'PASS' })).status).toBe(200);
    for (const role of ['MANAGER', 'SUPER_ADMIN'] as const) {
      const read = await images(job.id, ids[role].token);
      expect(read.released).toBe(true);
      expect(read.images[0]!.current?.fileName).toBe('only.jpg');
    }
    // Unpaid: the owner sees its original and the status, not the finished file.
    const unpaid = await images(job.id, owner.token);
    expect(unpaid.released).toBe(false);
    expect(unpaid.images[0]).toMatchObject({ status: 'DELIVERED', current: null });
    const one = getJobImageResponseSchema.parse(
      (await api(`/api/jobs/${job.id}/images/${image!.id}`, { token: owner.token })).json,
    );
    expect(one.versions).toEqual([]);
    expectEnvelope((await api(`/api/jobs/${job.id}/images`, { token: ids.CLIENT_B.token })).json, 404);
    expectEnvelope((await api(`/api/jobs/${job.id}/images`, { token: ids.EDITOR.token })).json, 404);
    expectEnvelope((await api(`/api/jobs/${job.id}/images`, {})).json, 401);
    await markPaid(manager, job);
    const paid = await images(job.id, owner.token);
    expect(paid.released).toBe(true);
    expect(paid.images[0]!.current?.fileName).toBe('only.jpg');
  });

  it('makes a screen-sized WebP of at most 2048 px beside the preview, for originals and versions (#34)', async () => {
    const owner = await freshClient();
    const wide = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#a05a2c' } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const job = await jobWithPhotos(owner, [
      { name: 'wide.jpg', body: wide },
      { name: 'small.jpg', body: await jpegPhoto(70, 64) },
    ]);
    const sizeOf = async (url: string | null) => {
      const { body } = await download(url!);
      const meta = await sharp(body).metadata();
      return `${meta.format} ${meta.width}x${meta.height}`;
    };
    const read = await eventually(
      () => images(job.id, owner.token),
      (page) => page.images.every((image) => image.original.preview === 'READY'),
    );
    const [big, small] = read.images;
    expect(await sizeOf(big!.original.screenUrl)).toBe('webp 2048x1024');
    expect(await sizeOf(big!.original.previewUrl)).toBe('webp 400x200');
    // Never enlarged.
    expect(await sizeOf(small!.original.screenUrl)).toBe('webp 64x64');

    const manager = ids.MANAGER.token;
    const [link] = await postFinished(manager, job.id, [{ name: 'wide.tif', body: wide }]);
    expect((await deliver(manager, job.id, [{ key: link!.key, fileName: 'wide.tif' }])).status).toBe(200);
    const version = await eventually(
      async () =>
        getJobImageResponseSchema.parse((await api(`/api/jobs/${job.id}/images/${big!.id}`, { token: manager })).json),
      (one) => one.versions[0]?.preview === 'READY' && one.image.current?.preview === 'READY',
    );
    expect(await sizeOf(version.versions[0]!.screenUrl)).toBe('webp 2048x1024');
    expect(await sizeOf(version.image.current!.screenUrl)).toBe('webp 2048x1024');
  });

  it('marks a photo that starts like a JPEG but does not decode as DAMAGED, off the request path', async () => {
    const owner = await freshClient();
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(400)]);
    const job = await jobWithPhotos(owner, [{ name: 'broken.jpg', body: broken }]);
    const read = await eventually(
      () => images(job.id, owner.token),
      (page) => page.images[0]!.original.preview !== 'PENDING',
    );
    expect(read.images[0]!.original).toMatchObject({
      preview: 'DAMAGED',
      previewUrl: null,
      screenUrl: null,
      width: null,
    });
  });
});
