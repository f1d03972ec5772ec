/**
 * The job workflow (issue 5, part A): managers list and assign jobs to editors, editors see and
 * update only their own jobs, and the status follows the work under the rules of
 * docs/decisions/staff-accounts-and-job-workflow.md ("Job status transitions"), enforced on the server.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { jobResponseSchema, listJobsResponseSchema, type Job } from '@studio/shared/job';
import {
  listAllJobsResponseSchema,
  listAssignedJobsResponseSchema,
  listEditorsResponseSchema,
} from '@studio/shared/job-workflow';
import { api, expectEnvelope, signedInIdentities, type Identity, type Role } from './support.ts';
import { freshClient } from './test-clients.ts';
import { invitedStaff, newJob, put, type StaffMember } from './staff-support.ts';
import { markPaid } from './job-files-support.ts';

let identities: Record<Role, Identity>;
let manager: string;
let editor: Identity;
let otherEditor: StaffMember;

beforeAll(async () => {
  identities = await signedInIdentities();
  manager = identities.MANAGER.token!;
  editor = identities.EDITOR;
  otherEditor = await invitedStaff(identities.SUPER_ADMIN.token!, 'EDITOR', 'Otto Other');
});

const jobOf = (response: { json: unknown }) => jobResponseSchema.parse(response.json).job;
const assign = (id: string, editorId: string, token = manager) => put(`/api/jobs/${id}/assign`, { editorId }, token);
const editorUpdate = (id: string, body: unknown, token = editor.token!) =>
  put(`/api/jobs/${id}/editor-update`, body, token);

async function unassignedIds(): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${cursor}` : '';
    const response = await api(`/api/jobs?unassigned=true&limit=200${query}`, { token: manager });
    expect(response.status, response.text).toBe(200);
    const page = listAllJobsResponseSchema.parse(response.json);
    ids.push(...page.jobs.map((j) => j.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

describe('assignment', () => {
  it('moves a job from the unassigned list to the editor, who alone sees and updates it', async () => {
    const client = await freshClient();
    const job = await newJob(client.token);
    expect(job).toMatchObject({ status: 'PENDING', progress: 0, editorId: null });
    expect(await unassignedIds()).toContain(job.id);

    const editors = listEditorsResponseSchema.parse((await api('/api/admin/editors', { token: manager })).json).editors;
    expect(editors.map((e) => e.id)).toEqual(expect.arrayContaining([editor.userId, otherEditor.id]));
    expect(editors.some((e) => e.id === identities.MANAGER.userId)).toBe(false);

    const assigned = await assign(job.id, editor.userId!);
    expect(assigned.status, assigned.text).toBe(200);
    expect(jobOf(assigned)).toMatchObject({ editorId: editor.userId, status: 'IN_PROGRESS', progress: 0 });
    expect(await unassignedIds()).not.toContain(job.id);

    const mine = listAssignedJobsResponseSchema.parse(
      (await api('/api/jobs/assigned-jobs', { token: editor.token })).json,
    );
    expect(mine.assignedJobs.map((j) => j.id)).toContain(job.id);
    const theirs = listAssignedJobsResponseSchema.parse(
      (await api('/api/jobs/assigned-jobs', { token: otherEditor.token })).json,
    );
    expect(theirs.assignedJobs.map((j) => j.id)).not.toContain(job.id);

    // The other editor cannot read or change it: 404, as if it did not exist.
    expectEnvelope((await api(`/api/jobs/${job.id}`, { token: otherEditor.token })).json, 404);
    const foreign = await editorUpdate(job.id, { progress: 50 }, otherEditor.token);
    expectEnvelope(foreign.json, 404);
    expect(jobOf(await api(`/api/jobs/${job.id}`, { token: manager })).progress).toBe(0);
  });

  it('accepts only an enabled EDITOR as the target', async () => {
    const job = await newJob(identities.CLIENT_A.token!);
    const targets = [
      identities.MANAGER.userId!,
      identities.SUPER_ADMIN.userId!,
      identities.CLIENT_B.userId!,
      '00000000-0000-4000-8000-000000000000',
    ];
    for (const target of targets) {
      const response = await assign(job.id, target);
      expect(expectEnvelope(response.json, 400).details?.issues?.[0]?.path).toBe('body.editorId');
    }
    expectEnvelope((await assign(job.id, 'not an id!')).json, 400);
    expectEnvelope((await assign('01J00000000000000000000000', editor.userId!)).json, 404);
    expect(jobOf(await api(`/api/jobs/${job.id}`, { token: manager })).editorId).toBeNull();
  });
});

describe('progress, delivery link and status', () => {
  let job: Job;
  let clientToken: string;
  let clientId: string;

  beforeAll(async () => {
    const client = await freshClient();
    clientToken = client.token;
    clientId = client.userId;
    job = await newJob(client.token);
    expect((await assign(job.id, editor.userId!)).status).toBe(200);
  });

  it.each([
    ['-1', -1],
    ['101', 101],
    ['a string', 'abc'],
    ['a numeric string', '50'],
    ['a fraction', 50.5],
    ['null', null],
  ])('refuses progress %s with a 400 naming the field', async (_label, progress) => {
    for (const [path, token] of [
      [`/api/jobs/${job.id}/editor-update`, editor.token],
      [`/api/jobs/${job.id}`, manager],
    ] as const) {
      const response = await put(path, { progress }, token);
      const envelope = expectEnvelope(response.json, 400);
      expect(envelope.details?.issues?.map((i) => i.path)).toContain('body.progress');
    }
  });

  it.each(['ftp://example.test/x', 'not a link', 'javascript:alert(1)', 'https://', ''])(
    'refuses the delivery link %j',
    async (link) => {
      const response = await editorUpdate(job.id, { editorDropboxLink: link });
      expect(expectEnvelope(response.json, 400).details?.issues?.map((i) => i.path)).toContain(
        'body.editorDropboxLink',
      );
    },
  );

  it('refuses an empty update and unknown fields', async () => {
    expectEnvelope((await editorUpdate(job.id, {})).json, 400);
    expectEnvelope((await editorUpdate(job.id, { progress: 5, status: 'COMPLETED' })).json, 400);
    expectEnvelope((await put(`/api/jobs/${job.id}`, { status: 'COMPLETED' }, manager)).json, 400);
    expectEnvelope((await put(`/api/jobs/${job.id}`, { numberOfPhotos: 1 }, manager)).json, 400);
  });

  it('100 % needs a delivery link; with one the job is DELIVERED (#17) and the client sees it, the link once paid (#32)', async () => {
    const early = await editorUpdate(job.id, { progress: 100 });
    expect(expectEnvelope(early.json, 409).message).toMatch(/delivery link/);

    const halfway = await editorUpdate(job.id, { progress: 50 });
    expect(jobOf(halfway)).toMatchObject({ status: 'IN_PROGRESS', progress: 50 });

    const done = await editorUpdate(job.id, { progress: 100, editorDropboxLink: 'https://example.test/delivered/1' });
    expect(done.status, done.text).toBe(200);
    expect(jobOf(done)).toMatchObject({
      status: 'DELIVERED',
      progress: 100,
      editorDropboxLink: 'https://example.test/delivered/1',
    });

    const clientView = async () => {
      const listed = await api(`/api/jobs/client/${clientId}`, { token: clientToken });
      return listJobsResponseSchema.parse(listed.json).jobs.find((j) => j.id === job.id)!;
    };
    // Unpaid: the client sees the delivery, not the link (released once paid, docs/access.md).
    expect(await clientView()).toMatchObject({ status: 'DELIVERED', editorDropboxLink: null });
    await markPaid(manager, job);
    expect(await clientView()).toMatchObject({
      status: 'DELIVERED',
      editorDropboxLink: 'https://example.test/delivered/1',
    });
  });

  it('a delivered job keeps its editor; lowering progress reopens it', async () => {
    expect(expectEnvelope((await assign(job.id, otherEditor.id)).json, 409).message).toMatch(/keeps its editor/);
    const reopened = await put(`/api/jobs/${job.id}`, { progress: 90 }, manager);
    expect(jobOf(reopened)).toMatchObject({ status: 'IN_PROGRESS', progress: 90 });
  });
});

describe('manager edits and cancellation', () => {
  it('progress above 0 starts an unassigned job; instructions and link can change', async () => {
    const job = await newJob(identities.CLIENT_A.token!);
    const response = await put(
      `/api/jobs/${job.id}`,
      { progress: 30, instructions: '  Warmer tones.  ', dropboxLink: 'https://example.test/new-photos' },
      manager,
    );
    expect(response.status, response.text).toBe(200);
    expect(jobOf(response)).toMatchObject({
      status: 'IN_PROGRESS',
      progress: 30,
      instructions: 'Warmer tones.',
      dropboxLink: 'https://example.test/new-photos',
      editorId: null,
    });
    // Back to 0 with no editor: PENDING again.
    expect(jobOf(await put(`/api/jobs/${job.id}`, { progress: 0 }, manager)).status).toBe('PENDING');
  });

  it('a cancelled job leaves the unassigned list and can no longer change', async () => {
    const job = await newJob(identities.CLIENT_A.token!);
    const cancelled = await put(`/api/jobs/${job.id}`, { status: 'CANCELLED' }, identities.SUPER_ADMIN.token);
    expect(jobOf(cancelled).status).toBe('CANCELLED');
    expect(await unassignedIds()).not.toContain(job.id);
    expect(expectEnvelope((await put(`/api/jobs/${job.id}`, { progress: 10 }, manager)).json, 409).message).toMatch(
      /cancelled/,
    );
    expectEnvelope((await assign(job.id, editor.userId!)).json, 409);
  });

  it('an editor cannot use the manager routes, nor a manager the editor route', async () => {
    const job = await newJob(identities.CLIENT_A.token!);
    expect((await put(`/api/jobs/${job.id}`, { progress: 10 }, editor.token)).status).toBe(403);
    expect((await assign(job.id, editor.userId!, editor.token!)).status).toBe(403);
    expect((await api('/api/jobs', { token: editor.token })).status).toBe(403);
    expect((await editorUpdate(job.id, { progress: 10 }, manager)).status).toBe(403);
  });
});

describe('DELETE api/jobs/{id}', () => {
  it('deletes only a cancelled job, for a SUPER_ADMIN', async () => {
    const job = await newJob(identities.CLIENT_A.token!);
    const admin = identities.SUPER_ADMIN.token;
    const open = await api(`/api/jobs/${job.id}`, { method: 'DELETE', token: admin });
    expect(expectEnvelope(open.json, 409).message).toMatch(/cancel it first/);
    expect((await api(`/api/jobs/${job.id}`, { method: 'DELETE', token: manager })).status).toBe(403);
    expect((await put(`/api/jobs/${job.id}`, { status: 'CANCELLED' }, manager)).status).toBe(200);
    const deleted = await api(`/api/jobs/${job.id}`, { method: 'DELETE', token: admin });
    expect(deleted.status, deleted.text).toBe(200);
    expectEnvelope((await api(`/api/jobs/${job.id}`, { token: admin })).json, 404);
    expectEnvelope((await api(`/api/jobs/${job.id}`, { method: 'DELETE', token: admin })).json, 404);
    const owner = await api(`/api/jobs/client/${identities.CLIENT_A.userId}`, { token: identities.CLIENT_A.token });
    expect(listJobsResponseSchema.parse(owner.json).jobs.some((j) => j.id === job.id)).toBe(false);
  });
});

describe('GET api/jobs paging', () => {
  it('pages newest first with a cursor, and refuses a forged cursor', async () => {
    await newJob(identities.CLIENT_A.token!);
    await newJob(identities.CLIENT_A.token!);
    const first = listAllJobsResponseSchema.parse((await api('/api/jobs?limit=1', { token: manager })).json);
    expect(first.jobs).toHaveLength(1);
    expect(first.nextCursor).toBeTruthy();
    const second = listAllJobsResponseSchema.parse(
      (await api(`/api/jobs?limit=1&cursor=${first.nextCursor}`, { token: manager })).json,
    );
    expect(second.jobs).toHaveLength(1);
    expect(second.jobs[0]!.createdAt <= first.jobs[0]!.createdAt).toBe(true);
    expect(second.jobs[0]!.id).not.toBe(first.jobs[0]!.id);

    const forged = Buffer.from(JSON.stringify({ PK: 'JOB#x', SK: 'JOB', GSI3PK: 'OTHER', GSI3SK: 'x' })).toString(
      'base64url',
    );
    for (const cursor of [forged, 'bm90LWpzb24', 'e30']) {
      const response = await api(`/api/jobs?cursor=${cursor}`, { token: manager });
      expect(expectEnvelope(response.json, 400).details?.issues?.[0]?.path).toBe('query.cursor');
    }
    expectEnvelope((await api('/api/jobs?limit=0', { token: manager })).json, 400);
    expectEnvelope((await api('/api/jobs?limit=201', { token: manager })).json, 400);
  });
});

describe('GET api/jobs search', () => {
  const page = async (query: string) => {
    const response = await api(`/api/jobs?${query}`, { token: manager });
    expect(response.status, response.text).toBe(200);
    return listAllJobsResponseSchema.parse(response.json);
  };

  it('searches every job by title or description, ignoring case, and pages the matches', async () => {
    const tag = `needle${Date.now().toString(36)}`;
    const client = await freshClient();
    const older = await newJob(client.token, { instructions: `Retouch ${tag} skin` });
    const newer = await newJob(client.token, { instructions: `Crop ${tag.toUpperCase()} to square` });
    await newJob(client.token, { instructions: 'Nothing to find here' });

    const all = await page(`search=${encodeURIComponent(` ${tag.toUpperCase()} `)}`);
    expect(all.jobs.map((j) => j.id)).toEqual([newer.id, older.id]);

    // A page of one: the cursor names the last match answered, and the next page goes on after it.
    const first = await page(`search=${tag}&limit=1`);
    expect(first.jobs.map((j) => j.id)).toEqual([newer.id]);
    expect(first.nextCursor).toBeTruthy();
    const second = await page(`search=${tag}&limit=1&cursor=${first.nextCursor}`);
    expect(second.jobs.map((j) => j.id)).toEqual([older.id]);

    // The title: a job's service name finds it too.
    const byService = await page(`search=${encodeURIComponent(newer.serviceName.toLowerCase())}&limit=200`);
    expect(byService.jobs.every((j) => j.serviceName === newer.serviceName)).toBe(true);
    expect(byService.jobs.length).toBeGreaterThan(0);

    // With the assign page's filter: an assigned job is no longer found there.
    expect((await assign(older.id, editor.userId!)).status).toBe(200);
    const open = await page(`unassigned=true&search=${tag}`);
    expect(open.jobs.map((j) => j.id)).toEqual([newer.id]);

    expect((await page(`search=nothing-${tag}`)).jobs).toEqual([]);
    const long = await api(`/api/jobs?search=${'x'.repeat(101)}`, { token: manager });
    expect(expectEnvelope(long.json, 400).details?.issues?.[0]?.path).toBe('query.search');
  });
});
