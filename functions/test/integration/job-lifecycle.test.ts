/**
 * The job lifecycle of issue 17 through the local gateway: the editor delivers (DELIVERED), the
 * client approves (COMPLETED) or sends the delivery back with notes and reference images
 * (REVISION_REQUESTED, a new round), the editor delivers again; who may do what, in which state;
 * approval and a revision request at the same moment; auto-approval at N days and not before (the
 * sweep called with a fixed clock); cancellation and its requests; and the timeline, one entry
 * per change and none for a refused one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { jobResponseSchema, type Job } from '@studio/shared/job';
import {
  createRevisionRequestResponseSchema,
  jobTimelineResponseSchema,
  listRevisionRequestsResponseSchema,
} from '@studio/shared/job-lifecycle';
import { jobHistoryResponseSchema } from '@studio/shared/payment';
import { api, expectEnvelope, signedInIdentities, type Identity, type Role } from './support.ts';
import { newJob, put } from './staff-support.ts';
import { jpegPhoto, markPaid, photoLink, uploadPhotos } from './job-files-support.ts';
import { freshClient, jsonInit } from './test-clients.ts';
import { useHandlerEnv } from './handler-env.ts';

useHandlerEnv();
const { runAutoApproval } = await import('../../src/workers/auto-approval.ts');

let ids: Record<Role, Identity>;
const day = 86_400_000;

beforeAll(async () => {
  ids = await signedInIdentities();
});

/**
 * Each block's CLIENT_A is a new client of its own: the seeded one is busy in other files, and a
 * client may create 10 jobs a minute (#19). CLIENT_B stays the seeded "other client".
 */
function withOwnClient() {
  beforeAll(async () => {
    const owner = await freshClient();
    ids = { ...ids, CLIENT_A: { role: 'CLIENT_A', token: owner.token, userId: owner.userId } };
  });
}

const jobOf = (response: { json: unknown }): Job => jobResponseSchema.parse(response.json).job;
const post = (path: string, body: unknown, token: string | undefined) => api(path, jsonInit('POST', body, token));
const approve = (jobId: string, token: string | undefined) =>
  api(`/api/jobs/${jobId}/approve`, { method: 'PUT', token });
const askRevision = (jobId: string, body: unknown, token: string | undefined) =>
  post(`/api/jobs/${jobId}/revision-requests`, body, token);

async function timeline(jobId: string, token = ids.CLIENT_A.token) {
  const response = await api(`/api/jobs/${jobId}/timeline`, { token });
  expect(response.status, response.text).toBe(200);
  return jobTimelineResponseSchema.parse(response.json).timeline;
}

const actions = async (jobId: string) => (await timeline(jobId)).map((entry) => `${entry.kind}:${entry.action}`);

/** A job of CLIENT_A, assigned to the seeded editor and delivered with a link: DELIVERED. */
async function deliveredJob(): Promise<Job> {
  const job = await newJob(ids.CLIENT_A.token!);
  expect((await put(`/api/jobs/${job.id}/assign`, { editorId: ids.EDITOR.userId }, ids.MANAGER.token)).status).toBe(
    200,
  );
  const delivered = await put(
    `/api/jobs/${job.id}/editor-update`,
    { progress: 100, editorDropboxLink: 'https://example.test/edited' },
    ids.EDITOR.token,
  );
  expect(delivered.status, delivered.text).toBe(200);
  expect(jobOf(delivered)).toMatchObject({ status: 'DELIVERED', round: 1 });
  return jobOf(delivered);
}

describe('approval', () => {
  withOwnClient();

  it('the owner approves a delivery: COMPLETED, once; the timeline has one entry per change', async () => {
    const job = await deliveredJob();
    const approved = await approve(job.id, ids.CLIENT_A.token);
    expect(approved.status, approved.text).toBe(200);
    expect(jobOf(approved)).toMatchObject({ status: 'COMPLETED', round: 1 });
    expect(expectEnvelope((await approve(job.id, ids.CLIENT_A.token)).json, 409).message).toMatch(/complete/);
    expect(await actions(job.id)).toEqual([
      'created:created',
      'assigned:assigned',
      'delivered:delivered',
      'approval:approved',
    ]);
    const entries = await timeline(job.id);
    expect(entries.at(-1)).toMatchObject({
      summary: 'Approved by the client',
      actor: { kind: 'client', id: ids.CLIENT_A.userId, role: null },
    });
    // Oldest first.
    expect(entries.map((e) => e.at)).toEqual([...entries.map((e) => e.at)].sort());
    // The editor and managers read the same timeline; the payment history stays payment entries only.
    expect(await timeline(job.id, ids.EDITOR.token)).toEqual(entries);
    expect(await timeline(job.id, ids.MANAGER.token)).toEqual(entries);
    const history = await api(`/api/jobs/${job.id}/history`, { token: ids.CLIENT_A.token });
    expect(jobHistoryResponseSchema.parse(history.json).history).toEqual([]);
  });

  it("another client, editors and managers cannot approve or send back a client's delivery", async () => {
    const job = await deliveredJob();
    const before = await actions(job.id);
    expectEnvelope((await approve(job.id, ids.CLIENT_B.token)).json, 404);
    expectEnvelope((await askRevision(job.id, { notes: 'Mine now.' }, ids.CLIENT_B.token)).json, 404);
    for (const role of ['EDITOR', 'MANAGER', 'SUPER_ADMIN'] as const) {
      expectEnvelope((await approve(job.id, ids[role].token)).json, 403);
      expectEnvelope((await askRevision(job.id, { notes: 'Staff.' }, ids[role].token)).json, 403);
    }
    expectEnvelope((await approve(job.id, undefined)).json, 401);
    // Nobody else sees the timeline either (the job's existence is private).
    expectEnvelope((await api(`/api/jobs/${job.id}/timeline`, { token: ids.CLIENT_B.token })).json, 404);
    expect(await actions(job.id)).toEqual(before);
    const seen = jobOf(await api(`/api/jobs/${job.id}`, { token: ids.CLIENT_A.token }));
    expect(seen.status).toBe('DELIVERED');
  });

  it('nothing to approve or send back before a delivery; a refused change writes no timeline entry', async () => {
    const job = await newJob(ids.CLIENT_A.token!);
    expect(expectEnvelope((await approve(job.id, ids.CLIENT_A.token)).json, 409).message).toMatch(
      /Only a delivered job/,
    );
    const started = await put(`/api/jobs/${job.id}/assign`, { editorId: ids.EDITOR.userId }, ids.MANAGER.token);
    expect(jobOf(started).status).toBe('IN_PROGRESS');
    expectEnvelope((await askRevision(job.id, { notes: 'Too early.' }, ids.CLIENT_A.token)).json, 409);
    expectEnvelope((await approve(job.id, ids.CLIENT_A.token)).json, 409);
    // 100 % without a delivery is refused too.
    expectEnvelope((await put(`/api/jobs/${job.id}/editor-update`, { progress: 100 }, ids.EDITOR.token)).json, 409);
    expect(await actions(job.id)).toEqual(['created:created', 'assigned:assigned']);
    // Notes are required text.
    const blank = await askRevision(job.id, { notes: '   ' }, ids.CLIENT_A.token);
    expect(expectEnvelope(blank.json, 400).details?.issues?.[0]?.path).toBe('body.notes');
  });
});

describe('revision rounds', () => {
  withOwnClient();

  it('the client sends a delivery back with notes and an image; the editor sees round 2 and delivers again', async () => {
    const job = await deliveredJob();
    const uploadId = await uploadPhotos(ids.CLIENT_A.token!, [
      { name: 'make-it-like-this.jpg', body: await jpegPhoto(7) },
    ]);
    const asked = await askRevision(
      job.id,
      { notes: 'Warmer skin tones,\nand remove the logo.', uploadId },
      ids.CLIENT_A.token,
    );
    expect(asked.status, asked.text).toBe(201);
    const { job: sentBack, revision } = createRevisionRequestResponseSchema.parse(asked.json);
    expect(sentBack).toMatchObject({ status: 'REVISION_REQUESTED', round: 2, progress: 0 });
    expect(revision).toMatchObject({ round: 2, billable: false, imageCount: 1 });
    // The upload is closed: no more images join it.
    expect((await photoLink(ids.CLIENT_A.token!, uploadId)).status).toBe(409);

    // The editor reads the round with its notes and image; another client cannot.
    const listed = await api(`/api/jobs/${job.id}/revision-requests`, { token: ids.EDITOR.token });
    expect(listed.status, listed.text).toBe(200);
    const [round2] = listRevisionRequestsResponseSchema.parse(listed.json).revisions;
    expect(round2).toMatchObject({ round: 2, notes: 'Warmer skin tones,\nand remove the logo.', billable: false });
    expect(round2!.images.map((image) => image.fileName)).toEqual(['make-it-like-this.jpg']);
    expect((await fetch(round2!.images[0]!.downloadUrl)).status).toBe(200);
    expectEnvelope((await api(`/api/jobs/${job.id}/revision-requests`, { token: ids.CLIENT_B.token })).json, 404);

    const working = await put(`/api/jobs/${job.id}/editor-update`, { progress: 40 }, ids.EDITOR.token);
    expect(jobOf(working)).toMatchObject({ status: 'IN_PROGRESS', round: 2 });
    const again = await put(`/api/jobs/${job.id}/editor-update`, { progress: 100 }, ids.EDITOR.token);
    expect(jobOf(again)).toMatchObject({ status: 'DELIVERED', round: 2 });

    expect(await actions(job.id)).toEqual([
      'created:created',
      'assigned:assigned',
      'delivered:delivered',
      'revision:requested',
      'revision:started',
      'delivered:delivered',
    ]);
    const summaries = (await timeline(job.id)).map((entry) => entry.summary);
    expect(summaries.slice(3)).toEqual(['Revision 1 requested', 'Revision 1 started', 'Delivered again (revision 1)']);
  });

  it('rounds past the free ones (2 by default) are still accepted and marked billable', async () => {
    const job = await deliveredJob();
    const billable: boolean[] = [];
    for (const round of [2, 3, 4]) {
      const asked = await askRevision(job.id, { notes: `Round ${round}, please.` }, ids.CLIENT_A.token);
      expect(asked.status, asked.text).toBe(201);
      billable.push(createRevisionRequestResponseSchema.parse(asked.json).revision.billable);
      const redelivered = await put(`/api/jobs/${job.id}/editor-update`, { progress: 100 }, ids.EDITOR.token);
      expect(jobOf(redelivered)).toMatchObject({ status: 'DELIVERED', round });
    }
    expect(billable).toEqual([false, false, true]);
    const listed = await api(`/api/jobs/${job.id}/revision-requests`, { token: ids.MANAGER.token });
    const revisions = listRevisionRequestsResponseSchema.parse(listed.json).revisions;
    expect(revisions.map((r) => [r.round, r.billable, r.imageCount])).toEqual([
      [2, false, 0],
      [3, false, 0],
      [4, true, 0],
    ]);
  });

  it('an approval and a revision request at the same moment give one outcome', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const job = await deliveredJob();
      const [approved, asked] = await Promise.all([
        approve(job.id, ids.CLIENT_A.token),
        askRevision(job.id, { notes: 'At the same time.' }, ids.CLIENT_A.token),
      ]);
      const statuses = [approved.status, asked.status];
      expect(
        statuses.filter((s) => s === 409),
        `${approved.text} | ${asked.text}`,
      ).toHaveLength(1);
      const winner = approved.status === 200 ? 'COMPLETED' : 'REVISION_REQUESTED';
      if (winner === 'REVISION_REQUESTED') expect(asked.status).toBe(201);
      const stored = jobOf(await api(`/api/jobs/${job.id}`, { token: ids.CLIENT_A.token }));
      expect(stored.status).toBe(winner);
      const answers = (await actions(job.id)).filter((a) => a === 'approval:approved' || a === 'revision:requested');
      expect(answers).toEqual([winner === 'COMPLETED' ? 'approval:approved' : 'revision:requested']);
    }
  });
});

describe('auto-approval', () => {
  withOwnClient();

  it('approves a delivery not answered in 7 days (the default) at 7 days, not before, and once', async () => {
    const job = await deliveredJob();
    const deliveredAt = Date.parse(job.roundDeliveredAt!);
    const only = { onlyJobs: new Set([job.id]) };

    const early = await runAutoApproval(new Date(deliveredAt + 7 * day - 1), only);
    expect(early.approved).toEqual([]);
    expect(jobOf(await api(`/api/jobs/${job.id}`, { token: ids.CLIENT_A.token })).status).toBe('DELIVERED');

    const due = await runAutoApproval(new Date(deliveredAt + 7 * day), only);
    expect(due.approved).toEqual([job.id]);
    expect(jobOf(await api(`/api/jobs/${job.id}`, { token: ids.CLIENT_A.token })).status).toBe('COMPLETED');
    const last = (await timeline(job.id)).at(-1)!;
    expect(last).toMatchObject({
      kind: 'approval',
      action: 'auto-approved',
      actor: { kind: 'system', id: null, role: null },
      summary: 'Approved automatically: no answer 7 days after the delivery',
    });

    const again = await runAutoApproval(new Date(deliveredAt + 30 * day), only);
    expect(again.approved).toEqual([]);
    expect((await actions(job.id)).filter((a) => a.startsWith('approval:'))).toHaveLength(1);
  });

  it('leaves a delivery the client answered, and one delivered again later counts from the new delivery', async () => {
    const job = await deliveredJob();
    const first = Date.parse(job.roundDeliveredAt!);
    expect((await askRevision(job.id, { notes: 'One more change.' }, ids.CLIENT_A.token)).status).toBe(201);
    const sentBack = await runAutoApproval(new Date(first + 8 * day), { onlyJobs: new Set([job.id]) });
    expect(sentBack.approved).toEqual([]);

    const redelivered = jobOf(await put(`/api/jobs/${job.id}/editor-update`, { progress: 100 }, ids.EDITOR.token));
    const second = Date.parse(redelivered.roundDeliveredAt!);
    expect(second).toBeGreaterThan(first);
    const only = { onlyJobs: new Set([job.id]) };
    expect((await runAutoApproval(new Date(second + 7 * day - 1), only)).approved).toEqual([]);
    expect((await runAutoApproval(new Date(second + 7 * day), only)).approved).toEqual([job.id]);
  });
});

describe('cancellation', () => {
  withOwnClient();

  it('the owner cancels a job nobody started and nobody paid; others cannot', async () => {
    const job = await newJob(ids.CLIENT_A.token!);
    expectEnvelope((await post(`/api/jobs/${job.id}/cancel`, undefined, ids.CLIENT_B.token)).json, 404);
    expectEnvelope((await post(`/api/jobs/${job.id}/cancel`, undefined, ids.MANAGER.token)).json, 403);
    const cancelled = await post(`/api/jobs/${job.id}/cancel`, undefined, ids.CLIENT_A.token);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(jobOf(cancelled).status).toBe('CANCELLED');
    expectEnvelope((await post(`/api/jobs/${job.id}/cancel`, undefined, ids.CLIENT_A.token)).json, 409);
    expect(await actions(job.id)).toEqual(['created:created', 'cancellation:cancelled-by-client']);
  });

  it('a paid job needs a request, which a manager declines or accepts', async () => {
    const job = await newJob(ids.CLIENT_A.token!);
    await markPaid(ids.MANAGER.token, job);
    const direct = await post(`/api/jobs/${job.id}/cancel`, undefined, ids.CLIENT_A.token);
    expect(expectEnvelope(direct.json, 409).message).toMatch(/ask the studio/);

    expectEnvelope(
      (await post(`/api/jobs/${job.id}/cancellation-request`, { reason: 'x' }, ids.CLIENT_B.token)).json,
      404,
    );
    const asked = await post(
      `/api/jobs/${job.id}/cancellation-request`,
      { reason: 'Ordered twice.' },
      ids.CLIENT_A.token,
    );
    expect(asked.status, asked.text).toBe(201);
    expect(jobOf(asked).cancellationRequest).toMatchObject({ status: 'PENDING', reason: 'Ordered twice.' });
    expectEnvelope((await post(`/api/jobs/${job.id}/cancellation-request`, {}, ids.CLIENT_A.token)).json, 409);

    const decide = (decision: string, token: string | undefined) =>
      put(`/api/jobs/${job.id}/cancellation-request`, { decision }, token);
    expectEnvelope((await decide('ACCEPTED', ids.EDITOR.token)).json, 403);
    const declined = await decide('DECLINED', ids.MANAGER.token);
    expect(declined.status, declined.text).toBe(200);
    expect(jobOf(declined)).toMatchObject({ status: 'PENDING', cancellationRequest: { status: 'DECLINED' } });
    expectEnvelope((await decide('ACCEPTED', ids.MANAGER.token)).json, 409);

    expect((await post(`/api/jobs/${job.id}/cancellation-request`, {}, ids.CLIENT_A.token)).status).toBe(201);
    const accepted = await decide('ACCEPTED', ids.MANAGER.token);
    expect(jobOf(accepted)).toMatchObject({ status: 'CANCELLED', cancellationRequest: { status: 'ACCEPTED' } });
    expect((await actions(job.id)).filter((a) => a.startsWith('cancellation:'))).toEqual([
      'cancellation:requested',
      'cancellation:declined',
      'cancellation:requested',
      'cancellation:accepted',
    ]);
  });
});
