/**
 * The open jobs by due time (`GET api/jobs?open=true`, the managers' board; docs/data-model.md
 * pattern 53) through the local gateway: every writer of a job's status or due time keeps its
 * place in the open-jobs index (creation, payment, a due move, assignment and delivery, the
 * client's revision request, approval, cancellation), the one-off repair (`npm run repair-open-jobs`;
 * the hourly run does the same for the jobs changed since its last run) puts right a job
 * written without it, and only managers read it.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobResponseSchema, type Job } from '@studio/shared/job';
import { listAllJobsResponseSchema } from '@studio/shared/job-workflow';
import { api, expectEnvelope, signedInIdentities, type Identity, type Role } from './support.ts';
import { newJob, put } from './staff-support.ts';
import { markPaid } from './job-files-support.ts';
import { freshClient, jsonInit } from './test-clients.ts';
import { useHandlerEnv } from './handler-env.ts';

useHandlerEnv();
const { repairOpenJobsIndex } = await import('../../src/data/job-open-index.ts');
const { documentClient } = await import('../../src/lib/dynamo.ts');
const { jobKey, tableName } = await import('../../src/data/keys.ts');

let ids: Record<Role, Identity>;
let client: Awaited<ReturnType<typeof freshClient>>;
const hour = 3_600_000;

beforeAll(async () => {
  ids = await signedInIdentities();
  // A client of its own: a client may create 10 jobs a minute (#19), and the seeded one is busy elsewhere.
  client = await freshClient();
});

const jobOf = (response: { json: unknown }): Job => jobResponseSchema.parse(response.json).job;

/** Every open job the API lists, in its order (other files' jobs too: the table is shared). */
async function openJobs(token = ids.MANAGER.token, limit = 200): Promise<Job[]> {
  const jobs: Job[] = [];
  let cursor: string | null = null;
  do {
    const after: string = cursor ? `&cursor=${cursor}` : '';
    const response = await api(`/api/jobs?open=true&limit=${limit}${after}`, { token });
    expect(response.status, response.text).toBe(200);
    const page = listAllJobsResponseSchema.parse(response.json);
    jobs.push(...page.jobs);
    cursor = page.nextCursor;
  } while (cursor);
  return jobs;
}

/** The ids of `mine` among the open jobs, in the API's order. */
async function openOrder(mine: Job[], limit?: number): Promise<string[]> {
  const wanted = new Set(mine.map((job) => job.id));
  return (await openJobs(ids.MANAGER.token, limit)).filter((job) => wanted.has(job.id)).map((job) => job.id);
}

const moveDue = async (job: Job, dueAt: string) => {
  const moved = await put(`/api/jobs/${job.id}/due`, { dueAt, reason: 'Test order.' }, ids.MANAGER.token);
  expect(moved.status, moved.text).toBe(200);
  return jobOf(moved);
};

const readJob = async (job: Job) => jobOf(await api(`/api/jobs/${job.id}`, { token: ids.MANAGER.token }));

async function deliver(job: Job): Promise<Job> {
  if (!job.editorId) {
    const assigned = await put(`/api/jobs/${job.id}/assign`, { editorId: ids.EDITOR.userId }, ids.MANAGER.token);
    expect(assigned.status, assigned.text).toBe(200);
  }
  const delivered = await put(
    `/api/jobs/${job.id}/editor-update`,
    { progress: 100, editorDropboxLink: 'https://example.test/edited' },
    ids.EDITOR.token,
  );
  expect(delivered.status, delivered.text).toBe(200);
  expect(jobOf(delivered).status).toBe('DELIVERED');
  return jobOf(delivered);
}

describe('GET api/jobs?open=true', () => {
  it('lists the open jobs by due time, most overdue first; each change of status or due time moves a job on or off', async () => {
    const now = Date.now();
    const [a, b, c, d] = [
      await newJob(client.token),
      await newJob(client.token),
      await newJob(client.token),
      await newJob(client.token),
    ];
    const overdue = await moveDue(b, new Date(now - 5 * hour).toISOString());
    const later = await moveDue(a, new Date(now + 30 * hour).toISOString());
    const sooner = await moveDue(c, new Date(now + 2 * hour).toISOString());
    // One page of 2 at a time: the order holds across pages.
    const first = await openOrder([a, b, c], 2);
    expect(first).toEqual([overdue.id, sooner.id, later.id]);
    // A job with no due time yet (unpaid, the clock starting at payment) comes after every job with one.
    const fourth = await readJob(d);
    if (fourth.dueAt === null) expect(await openOrder([a, b, c, d])).toEqual([b.id, c.id, a.id, d.id]);

    // Payment sets the due time (when the studio starts the clock at payment): the job moves up.
    await markPaid(ids.MANAGER.token, d);
    const paid = await readJob(d);
    expect(paid.dueAt).not.toBeNull();
    const byDue = [overdue, sooner, later, paid].sort((x, y) => Date.parse(x.dueAt!) - Date.parse(y.dueAt!));
    expect(await openOrder([a, b, c, d])).toEqual(byDue.map((job) => job.id));

    // Delivered: the studio's turn is over, off the board. Sent back: due again, back on.
    await deliver(overdue);
    expect(await openOrder([a, b, c, d])).not.toContain(b.id);
    const sentBack = await api(
      `/api/jobs/${b.id}/revision-requests`,
      jsonInit('POST', { notes: 'The shadows are too hard.' }, client.token),
    );
    expect(sentBack.status, sentBack.text).toBe(201);
    expect((await readJob(b)).status).toBe('REVISION_REQUESTED');
    expect((await openOrder([a, b, c, d]))[0]).toBe(b.id);

    // Approved and cancelled jobs are off it for good.
    await deliver(await readJob(b));
    const approved = await api(`/api/jobs/${b.id}/approve`, { method: 'PUT', token: client.token });
    expect(approved.status, approved.text).toBe(200);
    const cancelled = await api(`/api/jobs/${c.id}/cancel`, jsonInit('POST', undefined, client.token));
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await openOrder([a, b, c, d])).toEqual(
      [later, paid].sort((x, y) => Date.parse(x.dueAt!) - Date.parse(y.dueAt!)).map((job) => job.id),
    );

    // A due move reorders: the later job now comes first.
    await moveDue(a, new Date(now - hour).toISOString());
    expect(await openOrder([a, b, c, d])).toEqual([a.id, d.id]);
  });

  it('the one-off repair puts right a job written without its open-jobs keys, or with stale ones', async () => {
    const open = await moveDue(await newJob(client.token), new Date(Date.now() + hour).toISOString());
    const done = await deliver(await newJob(client.token));
    // As a writer that forgot the index would leave them: the open job unlisted, the delivered one listed.
    await documentClient.send(
      new UpdateCommand({ TableName: tableName(), Key: jobKey(open.id), UpdateExpression: 'REMOVE GSI4PK, GSI4SK' }),
    );
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(done.id),
        UpdateExpression: 'SET GSI4PK = :pk, GSI4SK = :sk',
        ExpressionAttributeValues: { ':pk': 'OPEN_JOBS', ':sk': `DUE#2000-01-01T00:00:00.000Z#${done.id}` },
      }),
    );
    expect(await openOrder([open, done])).toEqual([done.id]);

    const only = new Set([open.id, done.id]);
    const repair = await repairOpenJobsIndex({ onlyJobs: only });
    expect(repair.repaired.sort()).toEqual([open.id, done.id].sort());
    expect(repair.checked).toBeGreaterThanOrEqual(2);
    expect(await openOrder([open, done])).toEqual([open.id]);
    // Nothing left to put right: a second run changes nothing.
    expect((await repairOpenJobsIndex({ onlyJobs: only })).repaired).toEqual([]);
  });

  it('only managers read it; a bad query is a 400 in the one error shape', async () => {
    expectEnvelope((await api('/api/jobs?open=true', { token: ids.EDITOR.token })).json, 403);
    expectEnvelope((await api('/api/jobs?open=true', { token: ids.CLIENT_A.token })).json, 403);
    expectEnvelope((await api('/api/jobs?open=true', {})).json, 401);
    expect((await api('/api/jobs?open=true&limit=1', { token: ids.SUPER_ADMIN.token })).status).toBe(200);

    const both = expectEnvelope(
      (await api('/api/jobs?open=true&unassigned=true', { token: ids.MANAGER.token })).json,
      400,
    );
    expect(both.details?.issues).toEqual([{ path: 'query.open', message: 'cannot be combined with unassigned' }]);
    expectEnvelope((await api('/api/jobs?open=yes', { token: ids.MANAGER.token })).json, 400);
    // A cursor of the all-jobs list does not page the open jobs.
    const all = listAllJobsResponseSchema.parse((await api('/api/jobs?limit=1', { token: ids.MANAGER.token })).json);
    expect(all.nextCursor).not.toBeNull();
    const crossed = await api(`/api/jobs?open=true&limit=1&cursor=${all.nextCursor}`, { token: ids.MANAGER.token });
    expect(expectEnvelope(crossed.json, 400).details?.issues?.[0]?.path).toBe('query.cursor');
  });
});
