/**
 * The client's review of each image (issue 34) through the gateway against the emulators: a
 * decision on a DELIVERED image only, with its shapes bounded and stored in 0..1; a decision
 * withdrawn; the rejections sent as one revision round holding exactly those images (one timeline
 * entry, one e-mail); the job's approval approving the rest and refused while rejections wait; the
 * first-time approval figures per job and studio-wide; the repeat of a request cut short.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  approveRemainingResponseSchema,
  getJobImageResponseSchema,
  imageReviewResponseSchema,
  type JobImage,
} from '@studio/shared/image-api';
import type { Job } from '@studio/shared/job';
import {
  createRevisionRequestResponseSchema,
  jobTimelineResponseSchema,
  listRevisionRequestsResponseSchema,
} from '@studio/shared/job-lifecycle';
import { studioOverviewResponseSchema } from '@studio/shared/studio-overview';
import { jpegPhoto, markPaid } from './job-files-support.ts';
import {
  deliver,
  deliverAndPass,
  images,
  jobWithPhotos,
  postFinished,
  qc,
  readJob,
  type Client,
} from './images-support.ts';
import { sesEmails } from './notification-support.ts';
import { api, expectEnvelope, signedInIdentities, type Identity, type Role } from './support.ts';
import { freshClient, jsonInit } from './test-clients.ts';
import { useHandlerEnv } from './handler-env.ts';

let ids: Record<Role, Identity>;

beforeAll(async () => {
  ids = await signedInIdentities();
});

const review = (token: string | undefined, jobId: string, imageId: string, body: unknown) =>
  api(`/api/jobs/${jobId}/images/${imageId}/review`, jsonInit('PUT', body, token));
const withdraw = (token: string | undefined, jobId: string, imageId: string) =>
  api(`/api/jobs/${jobId}/images/${imageId}/review`, { method: 'DELETE', token });
const approveRemaining = (token: string | undefined, jobId: string) =>
  api(`/api/jobs/${jobId}/images/approve-remaining`, { method: 'POST', token });
const requestRevision = (token: string | undefined, jobId: string, body: unknown = {}) =>
  api(`/api/jobs/${jobId}/revision-requests`, jsonInit('POST', body, token));
const approveJob = (token: string | undefined, jobId: string) =>
  api(`/api/jobs/${jobId}/approve`, { method: 'PUT', token });

const reject = { decision: 'REJECT', comment: 'Not like this.' };
const approve = { decision: 'APPROVE' };

/** A job of `count` photos, all delivered to the client (QC passed): DELIVERED, images by name. */
async function deliveredJob(owner: Client, count: number, prefix: string) {
  const job = await jobWithPhotos(
    owner,
    await Promise.all(
      Array.from({ length: count }, async (_, i) => ({ name: `${prefix}-${i + 1}.jpg`, body: await jpegPhoto(i + 1) })),
    ),
  );
  const list = (await images(job.id, ids.MANAGER.token)).images;
  await deliverAndPass(ids.MANAGER.token, job.id, list);
  expect((await readJob(job.id, owner.token)).status).toBe('DELIVERED');
  // Paid: the finished versions are released to the client, who reviews what it sees.
  await markPaid(ids.MANAGER.token, job);
  const byName = new Map((await images(job.id, owner.token)).images.map((image) => [image.fileName, image]));
  return { job, byName, image: (n: number) => byName.get(`${prefix}-${n}.jpg`)! };
}

async function expectDecided(answer: Awaited<ReturnType<typeof review>>, status: JobImage['status']) {
  expect(answer.status, answer.text).toBe(200);
  const body = imageReviewResponseSchema.parse(answer.json);
  expect(body.image.status).toBe(status);
  return body;
}

describe('a decision on one image', () => {
  it('is taken on a DELIVERED image only; every other status is a 409 that names it', async () => {
    const owner = await freshClient();
    const job = await jobWithPhotos(
      owner,
      await Promise.all(
        ['a', 'b', 'c', 'd'].map(async (name, i) => ({ name: `${name}.jpg`, body: await jpegPhoto(40 + i) })),
      ),
    );
    const manager = ids.MANAGER.token;
    const byName = new Map((await images(job.id, manager)).images.map((image) => [image.fileName, image]));
    const [a, b, c, d] = ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg'].map((name) => byName.get(name)!);
    // Unpaid (the studio releases finished work on payment): the client cannot see what it would decide on.
    const unpaid = expectEnvelope((await review(owner.token, job.id, a!.id, approve)).json, 403);
    expect(unpaid.message).toContain('released once it is paid');
    expectEnvelope((await approveRemaining(owner.token, job.id)).json, 403);
    await markPaid(manager, job);
    // d delivered (QC passed), c failed QC (IN_EDIT), b waits in QC, a is not delivered yet.
    await deliverAndPass(manager, job.id, [d!]);
    const links = await postFinished(manager, job.id, [
      { name: 'b.jpg', body: await jpegPhoto(50) },
      { name: 'c.jpg', body: await jpegPhoto(51) },
    ]);
    expect(
      (
        await deliver(
          manager,
          job.id,
          links.map((l) => ({ key: l.key, fileName: l.fileName })),
        )
      ).status,
    ).toBe(200);
    expect((await qc(manager, job.id, c!.id, { decision: 'FAIL', note: 'Crop.' })).status).toBe(200);
    const statuses = new Map((await images(job.id, manager)).images.map((image) => [image.fileName, image.status]));
    expect(Object.fromEntries(statuses)).toEqual({
      'a.jpg': 'RECEIVED',
      'b.jpg': 'IN_QC',
      'c.jpg': 'IN_EDIT',
      'd.jpg': 'DELIVERED',
    });
    const refused = async (imageId: string, words: string) => {
      const envelope = expectEnvelope((await review(owner.token, job.id, imageId, approve)).json, 409);
      expect(envelope.message).toContain(words);
    };
    await refused(a!.id, 'not delivered yet');
    await refused(b!.id, 'in work');
    await refused(c!.id, 'in work');
    // A delivered image of a job still in work: the job is not waiting for the answer yet.
    await refused(d!.id, 'still working on this job');

    // Everything delivered: the job waits for the client; decisions stand and cannot be taken twice.
    const again = await postFinished(manager, job.id, [
      { name: 'a.jpg', body: await jpegPhoto(52) },
      { name: 'c.jpg', body: await jpegPhoto(53) },
    ]);
    expect(
      (
        await deliver(
          manager,
          job.id,
          again.map((l) => ({ key: l.key, fileName: l.fileName })),
        )
      ).status,
    ).toBe(200);
    for (const image of [a!, b!, c!])
      expect((await qc(manager, job.id, image.id, { decision: 'PASS' })).status).toBe(200);
    expect((await readJob(job.id, owner.token)).status).toBe('DELIVERED');
    const approved = await expectDecided(await review(owner.token, job.id, d!.id, approve), 'APPROVED');
    expect(approved).toMatchObject({ jobStatus: 'DELIVERED', counts: { DELIVERED: 3, APPROVED: 1 } });
    await expectDecided(await review(owner.token, job.id, c!.id, reject), 'REJECTED');
    await refused(d!.id, 'already approved');
    await refused(c!.id, 'already rejected');

    // Another client meets the 404 of an unknown job; staff never write a review (403).
    expectEnvelope((await review(ids.CLIENT_B.token, job.id, a!.id, approve)).json, 404);
    expectEnvelope((await withdraw(ids.CLIENT_B.token, job.id, c!.id)).json, 404);
    expectEnvelope((await approveRemaining(ids.CLIENT_B.token, job.id)).json, 404);
    for (const role of ['EDITOR', 'MANAGER', 'SUPER_ADMIN'] as const) {
      expectEnvelope((await review(ids[role].token, job.id, a!.id, approve)).json, 403);
    }
    // An unknown image of the owner's job: 404.
    expectEnvelope((await review(owner.token, job.id, '01ARZ3NDEKTSV4RRFFQ69G5FAV', approve)).json, 404);
  });

  it('refuses shapes and text out of bounds with a 400 naming the field', async () => {
    const owner = await freshClient();
    const { job, image } = await deliveredJob(owner, 1, 'bounds');
    const pin = (points: number[][], comment = 'Here.') => ({ kind: 'pin', points, comment });
    const cases: [string, unknown, string][] = [
      [
        '51 annotations',
        { decision: 'REJECT', annotations: Array.from({ length: 51 }, () => pin([[0.5, 0.5]])) },
        'body.annotations',
      ],
      [
        'a coordinate of 1.0001',
        { decision: 'REJECT', annotations: [pin([[1.0001, 0.5]])] },
        'body.annotations.0.points.0.0',
      ],
      [
        'a coordinate of -0.1',
        { decision: 'REJECT', annotations: [pin([[0.5, -0.1]])] },
        'body.annotations.0.points.0.1',
      ],
      [
        'a pin with 2 points',
        {
          decision: 'REJECT',
          annotations: [
            pin([
              [0.1, 0.1],
              [0.2, 0.2],
            ]),
          ],
        },
        'body.annotations.0.points',
      ],
      [
        'a rect with 1 point',
        { decision: 'REJECT', annotations: [{ kind: 'rect', points: [[0.1, 0.1]], comment: 'Box.' }] },
        'body.annotations.0.points',
      ],
      [
        'a path of 501 points',
        {
          decision: 'REJECT',
          annotations: [
            { kind: 'path', points: Array.from({ length: 501 }, (_, i) => [i / 501, 0.5]), comment: 'Line.' },
          ],
        },
        'body.annotations.0.points',
      ],
      [
        'a comment of 1001 characters',
        { decision: 'REJECT', annotations: [pin([[0.5, 0.5]], 'x'.repeat(1001))] },
        'body.annotations.0.comment',
      ],
      ['a REJECT with neither comment nor shape', { decision: 'REJECT' }, 'body.comment'],
      ['no decision', { comment: 'Hm.' }, 'body.decision'],
    ];
    for (const [label, body, path] of cases) {
      const envelope = expectEnvelope((await review(owner.token, job.id, image(1).id, body)).json, 400);
      expect(
        envelope.details?.issues?.map((issue) => issue.path),
        label,
      ).toContain(path);
    }
    // Nothing was decided by the refusals.
    expect((await images(job.id, owner.token)).images[0]!.status).toBe('DELIVERED');
  });

  it('stores the shapes in 0..1 (4 decimals) with the version seen; a withdrawal puts the image back', async () => {
    const owner = await freshClient();
    const { job, image } = await deliveredJob(owner, 2, 'shapes');
    const annotations = [
      { kind: 'pin', points: [[0.123456, 0.987654]], comment: 'A stray hair.' },
      {
        kind: 'rect',
        points: [
          [0.1, 0.2],
          [0.3, 0.4],
        ],
        comment: 'Too dark here.',
      },
      {
        kind: 'path',
        points: [
          [0, 0],
          [0.5, 0.5],
          [1, 1],
        ],
        comment: 'Along this edge.',
      },
    ];
    const decided = await expectDecided(
      await review(owner.token, job.id, image(1).id, { decision: 'REJECT', comment: 'Redo the shadows.', annotations }),
      'REJECTED',
    );
    expect(decided.review).toMatchObject({ round: 1, decision: 'REJECT', sent: false, comment: 'Redo the shadows.' });
    expect(decided.review!.annotations[0]!.points).toEqual([[0.1235, 0.9877]]);
    expect(decided.image.review).toMatchObject({ round: 1, decision: 'REJECT', annotationCount: 3, sent: false });

    // The owner and the job's staff read the shapes on the image; lists carry the summary only.
    for (const token of [owner.token, ids.MANAGER.token]) {
      const read = getJobImageResponseSchema.parse(
        (await api(`/api/jobs/${job.id}/images/${image(1).id}`, { token })).json,
      );
      expect(read.reviews).toHaveLength(1);
      expect(read.reviews[0]!.annotations.map((a) => a.kind)).toEqual(['pin', 'rect', 'path']);
      expect(read.reviews[0]!.versionId).toBe(read.versions.find((v) => v.released && v.kind === 'main')!.id);
    }
    const listed = (await images(job.id, owner.token, '?status=REJECTED')).images;
    expect(listed.map((i) => [i.id, i.review?.annotationCount])).toEqual([[image(1).id, 3]]);
    expectEnvelope((await api(`/api/jobs/${job.id}/images/${image(1).id}`, { token: ids.CLIENT_B.token })).json, 404);

    // Withdrawn: DELIVERED again in the same round, review gone; then decided again.
    const withdrawn = await withdraw(owner.token, job.id, image(1).id);
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(imageReviewResponseSchema.parse(withdrawn.json)).toMatchObject({
      image: { status: 'DELIVERED', review: null },
      review: null,
      counts: { DELIVERED: 2, REJECTED: 0 },
    });
    const read = getJobImageResponseSchema.parse(
      (await api(`/api/jobs/${job.id}/images/${image(1).id}`, { token: owner.token })).json,
    );
    expect(read.reviews).toEqual([]);
    expectEnvelope((await withdraw(owner.token, job.id, image(1).id)).json, 409);
    await expectDecided(await review(owner.token, job.id, image(1).id, approve), 'APPROVED');
    expect((await images(job.id, owner.token)).firstTimeApproval).toMatchObject({ delivered: 2, firstTimeApproved: 1 });
    await expectDecided(await withdraw(owner.token, job.id, image(1).id), 'DELIVERED');
    // The withdrawn approval no longer counts.
    expect((await images(job.id, owner.token)).firstTimeApproval).toMatchObject({ firstTimeApproved: 0 });
  });
});

describe('a review sent as one revision round', () => {
  let owner: Client;
  let job: Job;
  let image: (n: number) => JobImage;
  const rejected = [2, 5, 9];

  it('the round holds exactly the rejected images: one timeline entry, one e-mail with the counts', async () => {
    owner = await freshClient();
    ({ job, image } = await deliveredJob(owner, 10, 'round'));
    for (const n of rejected) {
      await expectDecided(
        await review(owner.token, job.id, image(n).id, {
          decision: 'REJECT',
          annotations: [{ kind: 'pin', points: [[0.25, 0.75]], comment: `Fix ${n}.` }],
        }),
        'REJECTED',
      );
    }
    await expectDecided(await review(owner.token, job.id, image(1).id, approve), 'APPROVED');
    const rest = await approveRemaining(owner.token, job.id);
    expect(rest.status, rest.text).toBe(200);
    expect(approveRemainingResponseSchema.parse(rest.json)).toEqual({
      approved: 6,
      counts: { RECEIVED: 0, IN_EDIT: 0, IN_QC: 0, DELIVERED: 0, APPROVED: 7, REJECTED: 3 },
      jobStatus: 'DELIVERED',
    });

    // No notes: the rejections say what to change.
    const asked = await requestRevision(owner.token, job.id);
    expect(asked.status, asked.text).toBe(201);
    const { job: sentBack, revision } = createRevisionRequestResponseSchema.parse(asked.json);
    expect(sentBack).toMatchObject({ status: 'REVISION_REQUESTED', round: 2 });
    expect(revision).toMatchObject({ round: 2, sentBackCount: 3, approvedCount: 7, notes: '' });
    const list = await images(job.id, ids.MANAGER.token);
    expect(list.counts).toMatchObject({ IN_EDIT: 3, APPROVED: 7, REJECTED: 0, DELIVERED: 0 });
    const inEdit = (await images(job.id, ids.MANAGER.token, '?status=IN_EDIT')).images;
    expect(inEdit.map((i) => i.id).sort()).toEqual(rejected.map((n) => image(n).id).sort());
    for (const one of inEdit)
      expect(one).toMatchObject({ sentBackCount: 1, review: { sent: true, decision: 'REJECT' } });
    const stored = getJobImageResponseSchema.parse(
      (await api(`/api/jobs/${job.id}/images/${image(2).id}`, { token: ids.MANAGER.token })).json,
    );
    expect(stored.reviews.map((r) => [r.round, r.decision, r.sent])).toEqual([[1, 'REJECT', true]]);
    const revisions = listRevisionRequestsResponseSchema.parse(
      (await api(`/api/jobs/${job.id}/revision-requests`, { token: owner.token })).json,
    ).revisions;
    expect(revisions.map((r) => [r.round, r.sentBackCount, r.approvedCount])).toEqual([[2, 3, 7]]);

    const timeline = jobTimelineResponseSchema.parse(
      (await api(`/api/jobs/${job.id}/timeline`, { token: owner.token })).json,
    ).timeline;
    const requests = timeline.filter((entry) => entry.kind === 'revision' && entry.action === 'requested');
    expect(requests.map((entry) => entry.summary)).toEqual(['Revision 1 requested: 7 approved, 3 sent back']);
    // One e-mail to the managers for the whole review (none per image).
    const manager = await (async () => {
      for (let i = 0; i < 100; i++) {
        const found = (await sesEmails()).filter((e) => e.subject === `Job ${job.jobNumber}: revision 1 requested`);
        if (found.length > 0) return found;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return [];
    })();
    expect(manager.length).toBeGreaterThan(0);
    const recipients = manager.flatMap((e) => e.to);
    expect(new Set(recipients).size).toBe(recipients.length);
    for (const mail of manager) expect(mail.text).toContain('7 approved, 3 sent back');
  });

  it('a redone image goes through QC; the figures count it sent back, the others approved the first time', async () => {
    const redo = rejected.map((n) => image(n));
    await deliverAndPass(ids.MANAGER.token, job.id, redo);
    expect((await readJob(job.id, owner.token)).status).toBe('DELIVERED');
    const figures = (await images(job.id, owner.token)).firstTimeApproval;
    expect(figures).toEqual({ delivered: 10, firstTimeApproved: 7, sentBack: 3, rate: 0.7 });
    // Approving a redone image does not make it a first-time approval.
    await expectDecided(await review(owner.token, job.id, image(2).id, approve), 'APPROVED');
    expect((await images(job.id, owner.token)).firstTimeApproval).toMatchObject({ firstTimeApproved: 7 });
    // The redone image's reviews: round 1's sent rejection, round 2's approval.
    const read = getJobImageResponseSchema.parse(
      (await api(`/api/jobs/${job.id}/images/${image(2).id}`, { token: owner.token })).json,
    );
    expect(read.reviews.map((r) => [r.round, r.decision, r.sent])).toEqual([
      [1, 'REJECT', true],
      [2, 'APPROVE', false],
    ]);
  });

  it('approving the job is refused while a rejection waits; then it approves the rest and adds the figures', async () => {
    await expectDecided(await review(owner.token, job.id, image(5).id, reject), 'REJECTED');
    const refused = expectEnvelope((await approveJob(owner.token, job.id)).json, 409);
    expect(refused.message).toBe(
      'You rejected 1 image: send it back (Request changes) or withdraw the rejection before approving.',
    );
    await expectDecided(await withdraw(owner.token, job.id, image(5).id), 'DELIVERED');

    const overview = async () => {
      const answer = await api('/api/studio/overview', { token: ids.MANAGER.token });
      expect(answer.status, answer.text).toBe(200);
      return studioOverviewResponseSchema.parse(answer.json).firstTimeApproval;
    };
    const before = await overview();
    const approved = await approveJob(owner.token, job.id);
    expect(approved.status, approved.text).toBe(200);
    expect((await readJob(job.id, owner.token)).status).toBe('COMPLETED');
    const list = await images(job.id, owner.token);
    expect(list.counts).toMatchObject({ APPROVED: 10, DELIVERED: 0 });
    const after = await overview();
    const month = new Date().toISOString().slice(0, 7);
    expect(after.months).toHaveLength(6);
    expect(after.months[0]!.month).toBe(month);
    expect(after.months[0]!.delivered - before.months[0]!.delivered).toBe(10);
    expect(after.months[0]!.firstTimeApproved - before.months[0]!.firstTimeApproved).toBe(7);
    expect(after.months[0]!.sentBack - before.months[0]!.sentBack).toBe(3);
    expect(after.total.delivered).toBe(after.months.reduce((sum, m) => sum + m.delivered, 0));
    expect(after.total.rate).toBe(after.total.firstTimeApproved / after.total.delivered);
    // Nothing moves after the approval.
    expectEnvelope((await withdraw(owner.token, job.id, image(1).id)).json, 409);
    expectEnvelope((await review(owner.token, job.id, image(1).id, approve)).json, 409);
    // Clients and editors do not read the studio's figures.
    for (const role of ['CLIENT_A', 'EDITOR'] as const) {
      expectEnvelope((await api('/api/studio/overview', { token: ids[role].token })).json, 403);
    }
  });
});

describe('a revision request of a job with images', () => {
  it('without a rejected image needs notes (400 naming body.notes); approving the job approves every image', async () => {
    const owner = await freshClient();
    const { job } = await deliveredJob(owner, 3, 'whole');
    const refused = expectEnvelope((await requestRevision(owner.token, job.id, {})).json, 400);
    expect(refused.details?.issues).toEqual([
      { path: 'body.notes', message: 'Say what should change, or reject the images to change.' },
    ]);
    const approved = await approveJob(owner.token, job.id);
    expect(approved.status, approved.text).toBe(200);
    expect((await images(job.id, owner.token)).counts).toMatchObject({ APPROVED: 3, DELIVERED: 0 });
  });

  it('repeated after a crash half-way, finishes sending the images back and answers the round (201)', async () => {
    useHandlerEnv();
    const { documentClient } = await import('../../src/lib/dynamo.ts');
    const { photoKey, jobKey, imageStatusIndexKeys, keyNames, tableName } = await import('../../src/data/keys.ts');
    const owner = await freshClient();
    const { job, image } = await deliveredJob(owner, 3, 'crash');
    for (const n of [1, 2]) await expectDecided(await review(owner.token, job.id, image(n).id, reject), 'REJECTED');
    expect((await requestRevision(owner.token, job.id, { notes: 'And warmer.' })).status).toBe(201);

    // The state a crash after the first chunk leaves: the job took the request (round 2), image 2
    // is still REJECTED (its move, its review's `sent` and the counts not written yet).
    const uploadId = (await readJob(job.id, owner.token)).uploadId!;
    const status = imageStatusIndexKeys(uploadId, image(2).id, 'REJECTED');
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: photoKey(uploadId, image(2).id),
        UpdateExpression: 'SET #status = :rejected, #g = :g, #review.#sent = :false ADD #sentBackCount :minus',
        ExpressionAttributeNames: {
          '#status': 'status',
          '#g': keyNames.gsi1.partitionKey,
          '#review': 'review',
          '#sent': 'sent',
          '#sentBackCount': 'sentBackCount',
        },
        ExpressionAttributeValues: {
          ':rejected': 'REJECTED',
          ':g': status[keyNames.gsi1.partitionKey],
          ':false': false,
          ':minus': -1,
        },
      }),
    );
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(job.id),
        UpdateExpression: 'SET #counts.#edit = :one, #counts.#rejected = :one, #figures.#sentBack = :one',
        ExpressionAttributeNames: {
          '#counts': 'imageCounts',
          '#edit': 'IN_EDIT',
          '#rejected': 'REJECTED',
          '#figures': 'reviewFigures',
          '#sentBack': 'sentBack',
        },
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    expect((await images(job.id, owner.token)).counts).toMatchObject({ IN_EDIT: 1, REJECTED: 1 });

    const repeated = await requestRevision(owner.token, job.id, { notes: 'And warmer.' });
    expect(repeated.status, repeated.text).toBe(201);
    expect(createRevisionRequestResponseSchema.parse(repeated.json)).toMatchObject({
      job: { status: 'REVISION_REQUESTED', round: 2 },
      revision: { round: 2, notes: 'And warmer.', sentBackCount: 2, approvedCount: 0 },
    });
    const after = await images(job.id, owner.token);
    expect(after.counts).toMatchObject({ IN_EDIT: 2, REJECTED: 0, DELIVERED: 1 });
    expect(after.firstTimeApproval).toMatchObject({ sentBack: 2 });
    const two = after.images.find((i) => i.id === image(2).id)!;
    expect(two).toMatchObject({ status: 'IN_EDIT', sentBackCount: 1, review: { sent: true } });
    // Still one request and one entry; a third ask is the ordinary 409 of a job not delivered.
    const timeline = jobTimelineResponseSchema.parse(
      (await api(`/api/jobs/${job.id}/timeline`, { token: owner.token })).json,
    ).timeline;
    expect(timeline.filter((e) => e.kind === 'revision' && e.action === 'requested')).toHaveLength(1);
    expectEnvelope((await requestRevision(owner.token, job.id, { notes: 'Again.' })).json, 409);
  });
});
