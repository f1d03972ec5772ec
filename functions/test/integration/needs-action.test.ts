/**
 * What needs action (#40, item 9; docs/data-model.md patterns 86-89) through the local gateway:
 * each count of `GET api/studio/overview` moves by exactly the jobs, images, leads and applications
 * a test adds to it, one just inside and one just outside each boundary, and is exactly the size of
 * the list its tile links to (`GET api/jobs?needs=<key>`). The table is shared with other files'
 * data, so counts are compared before and after, and lists are checked on this file's own ids.
 * Boundaries in time are read with the data functions' `now` instead of waiting.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobResponseSchema, type Job } from '@studio/shared/job';
import { listAllJobsResponseSchema } from '@studio/shared/job-workflow';
import {
  jobNeedsKeys,
  studioOverviewResponseSchema,
  type JobNeedsKey,
  type NeedsAction,
} from '@studio/shared/studio-overview';
import { ulid } from 'ulid';
import { api, expectEnvelope, signedInIdentities, type Identity, type Role } from './support.ts';
import { newJob, put } from './staff-support.ts';
import { jpegPhoto, markPaid } from './job-files-support.ts';
import { deliver, images, jobWithPhotos, postFinished, qc } from './images-support.ts';
import { freshClient, jsonInit } from './test-clients.ts';
import { useHandlerEnv } from './handler-env.ts';

useHandlerEnv();
const needs = await import('../../src/data/job-needs.ts');
const { getStudioSettings } = await import('../../src/data/settings.ts');
const applications = await import('../../src/data/applications.ts');

let ids: Record<Role, Identity>;
let client: Awaited<ReturnType<typeof freshClient>>;
let other: Awaited<ReturnType<typeof freshClient>>;
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

beforeAll(async () => {
  ids = await signedInIdentities();
  // Clients of their own: a client may create 10 jobs a minute (#19).
  client = await freshClient();
  other = await freshClient();
});

const jobOf = (response: { json: unknown }): Job => jobResponseSchema.parse(response.json).job;

async function moveDue(job: Job, dueAt: number): Promise<Job> {
  const moved = await put(
    `/api/jobs/${job.id}/due`,
    { dueAt: new Date(dueAt).toISOString(), reason: 'Test order.' },
    ids.MANAGER.token,
  );
  expect(moved.status, moved.text).toBe(200);
  return jobOf(moved);
}

async function assign(job: Job): Promise<void> {
  const assigned = await put(`/api/jobs/${job.id}/assign`, { editorId: ids.EDITOR.userId }, ids.MANAGER.token);
  expect(assigned.status, assigned.text).toBe(200);
}

async function askToCancel(job: Job, token: string): Promise<void> {
  const asked = await api(
    `/api/jobs/${job.id}/cancellation-request`,
    jsonInit('POST', { reason: 'Ordered twice' }, token),
  );
  expect(asked.status, asked.text).toBe(201);
}

/** Every job of one list at `now`, in its order, read page by page through the data function. */
async function listedAt(key: JobNeedsKey, now: Date, limit = 100): Promise<Job[]> {
  const jobs: Job[] = [];
  let cursor: string | undefined;
  do {
    const page = await needs.listNeedsPage(key, { limit, cursor, now });
    jobs.push(...page.jobs);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return jobs;
}

/** Every job of one list the API answers now, page by page. */
async function listedNow(key: JobNeedsKey, token = ids.MANAGER.token): Promise<Job[]> {
  const jobs: Job[] = [];
  let cursor: string | null = null;
  do {
    const after: string = cursor ? `&cursor=${cursor}` : '';
    const answer = await api(`/api/jobs?needs=${key}&limit=50${after}`, { token });
    expect(answer.status, answer.text).toBe(200);
    const page = listAllJobsResponseSchema.parse(answer.json);
    jobs.push(...page.jobs);
    cursor = page.nextCursor;
  } while (cursor);
  return jobs;
}

/** A cursor just after `job` in the open-jobs index, as the API hands them out. */
const cursorAt = (job: Job) =>
  Buffer.from(
    JSON.stringify({
      PK: `JOB#${job.id}`,
      SK: 'JOB',
      GSI4PK: 'OPEN_JOBS',
      GSI4SK: `DUE#${job.dueAt}#${job.id}`,
    }),
  ).toString('base64url');

const mine = (jobs: Job[], of: Job[]) => {
  const wanted = new Set(of.map((job) => job.id));
  return jobs.filter((job) => wanted.has(job.id)).map((job) => job.id);
};

const difference = (after: NeedsAction, before: NeedsAction) =>
  Object.fromEntries(Object.entries(after).map(([key, value]) => [key, value - before[key as keyof NeedsAction]]));

describe('what needs action: the job counts and their lists', () => {
  it('counts each list by its boundaries, and each count is the size of its list', async () => {
    const { timeZone } = await getStudioSettings();
    const started = Date.now();
    // A moment well inside a day of the studio's time zone: "due today" has room on both sides.
    const endOfStart = Date.parse(needs.endOfDayIn(new Date(started), timeZone));
    const at = endOfStart - started > 2 * hour ? started + minute : endOfStart + 6 * hour;
    const atDate = new Date(at);
    const endOfToday = Date.parse(needs.endOfDayIn(atDate, timeZone));
    const before = await needs.countNeedsAction(atDate);

    const [overdue, dueSoon, tomorrow, paid, cancelled, asking, declined] = [
      await newJob(client.token),
      await newJob(client.token),
      await newJob(client.token),
      await newJob(client.token),
      await newJob(client.token),
      await newJob(other.token),
      await newJob(other.token),
    ];
    const all = [overdue, dueSoon, tomorrow, paid, cancelled, asking, declined];
    // Due yesterday: overdue. Due a minute after `at`: due today. Due a minute into tomorrow: neither.
    await moveDue(overdue, at - day);
    await moveDue(dueSoon, at + minute);
    await moveDue(tomorrow, endOfToday + minute);
    // Assigned: off the unassigned list (it was on it when created).
    await assign(tomorrow);
    // Paid: off the unpaid list; its due time (set by the payment) moved out of today.
    await markPaid(ids.MANAGER.token, paid);
    await moveDue(paid, endOfToday + day);
    await assign(paid);
    // Cancelled by its client: off every list.
    const gone = await api(`/api/jobs/${cancelled.id}/cancel`, jsonInit('POST', undefined, client.token));
    expect(gone.status, gone.text).toBe(200);
    // Paid, then a cancellation request that waits, and one a manager declined.
    for (const job of [asking, declined]) {
      await markPaid(ids.MANAGER.token, job);
      await moveDue(job, endOfToday + day);
      await assign(job);
      await askToCancel(job, other.token);
    }
    const decided = await put(
      `/api/jobs/${declined.id}/cancellation-request`,
      { decision: 'DECLINED' },
      ids.MANAGER.token,
    );
    expect(decided.status, decided.text).toBe(200);

    const after = await needs.countNeedsAction(atDate);
    expect(difference(after, before)).toMatchObject({
      overdue: 1,
      dueToday: 1,
      unassigned: 2,
      cancellationRequests: 1,
      // Created just now: not unpaid for three days yet.
      unpaid: 0,
    });
    expect(mine(await listedAt('overdue', atDate), all)).toEqual([overdue.id]);
    expect(mine(await listedAt('dueToday', atDate), all)).toEqual([dueSoon.id]);
    expect(mine(await listedAt('unassigned', atDate), all)).toEqual([dueSoon.id, overdue.id]);
    expect(mine(await listedAt('cancellationRequests', atDate), all)).toEqual([asking.id]);
    expect(mine(await listedAt('unpaid', atDate), all)).toEqual([]);

    // Three days and an hour on, the unpaid jobs still open are unpaid; two days on, not yet.
    const later = new Date(started + 3 * day + hour);
    const unpaidLater = await listedAt('unpaid', later, 200);
    expect(mine(unpaidLater, all)).toEqual([overdue.id, dueSoon.id, tomorrow.id]);
    expect(mine(await listedAt('unpaid', new Date(started + 2 * day)), all)).toEqual([]);
    // Oldest first.
    const created = unpaidLater.map((job) => job.createdAt);
    expect([...created].sort()).toEqual(created);

    // Each count is the size of its list, read at the same moment.
    const counts = await needs.countNeedsAction(atDate);
    for (const key of jobNeedsKeys) expect((await listedAt(key, atDate, 200)).length, key).toBe(counts[key]);
    expect((await needs.countNeedsAction(later)).unpaid).toBe(unpaidLater.length);
  });

  it('GET api/jobs?needs= answers the list now, in its order, paged; alone; for managers only', async () => {
    const now = Date.now();
    const [late, later, fresh] = [await newJob(client.token), await newJob(client.token), await newJob(client.token)];
    await moveDue(late, now - 2 * hour);
    await moveDue(later, now - hour);
    const freshDue = await moveDue(fresh, now + 30 * day);

    const overdue = await listedNow('overdue');
    expect(mine(overdue, [late, later, fresh])).toEqual([late.id, later.id]);
    const dues = overdue.map((job) => job.dueAt!);
    expect([...dues].sort()).toEqual(dues);
    expect(dues.every((due) => Date.parse(due) < Date.now())).toBe(true);
    const unassigned = await listedNow('unassigned');
    expect(mine(unassigned, [late, later, fresh])).toEqual([fresh.id, later.id, late.id]);
    const newest = unassigned.map((job) => job.createdAt);
    expect([...newest].sort().reverse()).toEqual(newest);
    expect(mine(await listedNow('unpaid'), [late, later, fresh])).toEqual([]);
    // SUPER_ADMIN reads the same list.
    expect(mine(await listedNow('overdue', ids.SUPER_ADMIN.token), [late, later])).toEqual([late.id, later.id]);

    for (const extra of ['unassigned=true', 'unpaid=true', 'open=true', 'q=RS-2026', 'search=shadow']) {
      const refused = await api(`/api/jobs?needs=overdue&${extra}`, { token: ids.MANAGER.token });
      const name = extra.split('=')[0];
      expect(expectEnvelope(refused.json, 400).details?.issues?.map((issue) => issue.path)).toContain(`query.${name}`);
    }
    const unknown = await api('/api/jobs?needs=everything', { token: ids.MANAGER.token });
    expect(expectEnvelope(unknown.json, 400).details?.issues?.[0]?.path).toBe('query.needs');
    // A cursor of one list of the open-jobs index on another (or one the clock moved past) is no 500.
    const onePage = listAllJobsResponseSchema.parse(
      (await api('/api/jobs?needs=overdue&limit=1', { token: ids.MANAGER.token })).json,
    );
    expect(onePage.nextCursor).not.toBeNull();
    const elsewhere = await api(`/api/jobs?needs=dueToday&cursor=${onePage.nextCursor}`, { token: ids.MANAGER.token });
    expect(elsewhere.status, elsewhere.text).toBe(200);
    const past = await api(`/api/jobs?needs=overdue&cursor=${cursorAt(freshDue)}`, { token: ids.MANAGER.token });
    expect(listAllJobsResponseSchema.parse(past.json)).toEqual({ jobs: [], nextCursor: null });
    const foreign = await api('/api/jobs?needs=overdue&cursor=eyJQSyI6IkpPQiMxIn0', { token: ids.MANAGER.token });
    expect(expectEnvelope(foreign.json, 400).details?.issues?.[0]?.path).toBe('query.cursor');
    expectEnvelope((await api('/api/jobs?needs=overdue', { token: ids.EDITOR.token })).json, 403);
    expectEnvelope((await api('/api/jobs?needs=overdue', { token: client.token })).json, 403);
    expectEnvelope((await api('/api/jobs?needs=overdue')).json, 401);
  });

  it('a job with markers out of step is put right by the repair, and only then', async () => {
    const job = await newJob(client.token);
    await assign(job);
    const { documentClient } = await import('../../src/lib/dynamo.ts');
    const { DeleteCommand, PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const { needsMarkerKey, tableName } = await import('../../src/data/keys.ts');
    // As a writer that forgot them would leave it: no unpaid marker, a stale unassigned one.
    await documentClient.send(
      new DeleteCommand({ TableName: tableName(), Key: needsMarkerKey('unpaid', job.createdAt, job.id) }),
    );
    await documentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...needsMarkerKey('unassigned', job.createdAt, job.id), type: 'NeedsMarker', jobId: job.id },
      }),
    );
    const later = new Date(Date.now() + 3 * day + hour);
    expect(mine(await listedAt('unpaid', later, 200), [job])).toEqual([]);
    expect(mine(await listedAt('unassigned', later, 200), [job])).toEqual([job.id]);
    const only = new Set([job.id]);
    const repair = await needs.repairNeedsMarkers({ onlyJobs: only });
    expect(repair.repaired).toEqual([job.id]);
    expect(mine(await listedAt('unpaid', later, 200), [job])).toEqual([job.id]);
    expect(mine(await listedAt('unassigned', later, 200), [job])).toEqual([]);
    expect((await needs.repairNeedsMarkers({ onlyJobs: only })).repaired).toEqual([]);

    // The hourly run does the same for the jobs changed since its last run.
    await documentClient.send(
      new DeleteCommand({ TableName: tableName(), Key: needsMarkerKey('unpaid', job.createdAt, job.id) }),
    );
    const { keepOpenJobsIndex } = await import('../../src/data/job-open-index.ts');
    const run = await keepOpenJobsIndex(new Date(), { onlyJobs: only });
    expect(run.needsRepaired).toEqual([job.id]);
    expect(mine(await listedAt('unpaid', later, 200), [job])).toEqual([job.id]);
  });
});

describe('what needs action: QC, leads and applications', () => {
  it('counts the images waiting for QC, the leads and the applications of the last 7 days', async () => {
    const now = new Date();
    const before = await needs.countNeedsAction(now);

    // Two images delivered into QC, one of them passed.
    const owner = await freshClient();
    const job = await jobWithPhotos(owner, [
      { name: 'one.jpg', body: await jpegPhoto(11) },
      { name: 'two.jpg', body: await jpegPhoto(12) },
    ]);
    await assign(job);
    const links = await postFinished(ids.EDITOR.token, job.id, [
      { name: 'one.jpg', body: await jpegPhoto(21) },
      { name: 'two.jpg', body: await jpegPhoto(22) },
    ]);
    const delivered = await deliver(
      ids.EDITOR.token,
      job.id,
      links.map((link) => ({ key: link.key, fileName: link.fileName })),
    );
    expect(delivered.status, delivered.text).toBe(200);
    const inQc = (await images(job.id, ids.MANAGER.token)).images;
    const passed = await qc(ids.MANAGER.token, job.id, inQc[0]!.id, { decision: 'PASS' });
    expect(passed.status, passed.text).toBe(200);

    // A lead of each form, and an application.
    const marker = randomBytes(6).toString('hex');
    const contact = await api(
      '/api/contact/addnew',
      jsonInit('POST', {
        name: 'Grace Hopper',
        email: `grace-${marker}@example.test`,
        phone: '+1 555 0100',
        service: 'Ecommerce',
        description: `Please quote 300 product photos. ${marker}`,
      }),
    );
    expect(contact.status, contact.text).toBe(201);
    const opening = (await applications.listAllOpenings()).find((row) => row.isActive);
    expect(opening, 'an active opening (seeded)').toBeDefined();
    await applications.createApplication({
      id: ulid(),
      jobOpeningId: opening!.id,
      email: `applicant-${marker}@example.test`,
      fullName: 'Applicant',
      contactNo: '+1 555 0101',
      currentCompany: null,
      currentDesignation: null,
      currentCTC: null,
      expectedCTC: null,
      currentLocation: 'Warsaw',
      overallExperience: '3 years',
      jobType: 'Full Time',
      noticePeriod: '1 month',
      portfolioLink: null,
      resume: { key: `applications/${marker}/resume.pdf`, fileName: 'resume.pdf', extension: 'pdf', size: 1000 },
      coverLetter: null,
      createdAt: new Date().toISOString(),
      opening: { title: opening!.title, description: opening!.description, postedAt: opening!.postedAt },
    });

    const after = await needs.countNeedsAction(new Date());
    expect(difference(after, before)).toMatchObject({ waitingForQc: 1, newLeads: 1, newApplications: 1 });
    // Seven days less a minute on, the lead and the application are still new; seven days and a
    // minute on, they are not (the counts go down by at least them).
    const stillNew = await needs.countNeedsAction(new Date(Date.now() + 7 * day - minute));
    const notNew = await needs.countNeedsAction(new Date(Date.now() + 7 * day + minute));
    expect(stillNew.newLeads).toBeGreaterThanOrEqual(1);
    expect(stillNew.newLeads - notNew.newLeads).toBeGreaterThanOrEqual(1);
    expect(stillNew.newApplications - notNew.newApplications).toBeGreaterThanOrEqual(1);
  });
});

describe('GET api/studio/overview: needsAction', () => {
  it('answers the counts with the time they were taken, kept for a minute; managers only', async () => {
    const answer = await api('/api/studio/overview', { token: ids.MANAGER.token });
    expect(answer.status, answer.text).toBe(200);
    const overview = studioOverviewResponseSchema.parse(answer.json);
    expect(Date.now() - Date.parse(overview.countedAt)).toBeLessThan(needs.needsActionMaxAgeMs + 5000);
    expect(Object.keys(overview.needsAction).sort()).toEqual([
      'cancellationRequests',
      'dueToday',
      'newApplications',
      'newLeads',
      'overdue',
      'unassigned',
      'unpaid',
      'waitingForQc',
    ]);
    const admin = await api('/api/studio/overview', { token: ids.SUPER_ADMIN.token });
    expect(admin.status, admin.text).toBe(200);
    for (const role of ['EDITOR', 'CLIENT_A'] as const) {
      expectEnvelope((await api('/api/studio/overview', { token: ids[role].token })).json, 403);
    }
    expectEnvelope((await api('/api/studio/overview')).json, 401);

    // Kept: a second read within the minute answers the same count; past it, counted again.
    const first = await needs.needsActionAsOf(new Date());
    const again = await needs.needsActionAsOf(new Date(Date.parse(first.countedAt) + 1000));
    expect(again.countedAt).toBe(first.countedAt);
    const moved = new Date(Date.parse(first.countedAt) + needs.needsActionMaxAgeMs + 1000);
    const recounted = await needs.needsActionAsOf(moved);
    expect(recounted.countedAt).toBe(moved.toISOString());
  });
});
