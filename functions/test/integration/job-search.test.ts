/**
 * Finding a job (#40): `GET api/jobs?q=` finds a job by its number, its client's name or e-mail
 * through the search items written with the job (docs/data-model.md, pattern 62), combines with the
 * unpaid filter, refuses what it cannot answer with a 400 in the envelope, forgets a deleted job,
 * and the one-off repair writes the items of a job stored without them.
 */
import { randomInt } from 'node:crypto';
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@studio/shared/job';
import { listAllJobsResponseSchema } from '@studio/shared/job-workflow';
import { useHandlerEnv } from './handler-env.ts';
import { markPaid } from './job-files-support.ts';
import { newJob } from './staff-support.ts';
import { api, expectEnvelope, signedInIdentities, type Identity, type Role } from './support.ts';
import { freshClient } from './test-clients.ts';

useHandlerEnv();
const { repairJobSearchItems } = await import('../../src/data/job-search.ts');
const { documentClient } = await import('../../src/lib/dynamo.ts');
const { jobPartition, tableName } = await import('../../src/data/keys.ts');

/** A made-up word no other test's client has: letters only, so that it is one name word. */
function unusualWord(): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let word = 'Qu';
  for (let i = 0; i < 8; i += 1) word += letters[randomInt(letters.length)];
  return word;
}

let ids: Record<Role, Identity>;

async function find(query: Record<string, string>, token = ids.MANAGER.token): Promise<string[]> {
  const response = await api(`/api/jobs?${new URLSearchParams(query).toString()}`, { token });
  expect(response.status, response.text).toBe(200);
  const answer = listAllJobsResponseSchema.parse(response.json);
  expect(answer.nextCursor).toBeNull();
  return answer.jobs.map((job) => job.id);
}

async function searchItemsOf(jobId: string) {
  const answer = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :search)',
      ExpressionAttributeValues: { ':pk': jobPartition(jobId), ':search': 'SEARCH#' },
    }),
  );
  return answer.Items ?? [];
}

let first: string;
let last: string;
let client: Awaited<ReturnType<typeof freshClient>>;
let older: Job;
let newer: Job;
let other: Job;

beforeAll(async () => {
  ids = await signedInIdentities();
  first = unusualWord();
  last = unusualWord();
  client = await freshClient({ name: `${first} Élodie ${last}` });
  older = await newJob(client.token);
  newer = await newJob(client.token);
  const someoneElse = await freshClient({ name: `${unusualWord()} ${last.slice(0, 6)}x` });
  other = await newJob(someoneElse.token);
});

describe('GET api/jobs?q= (MANAGER and SUPER_ADMIN)', () => {
  it('finds a job by its number, as typed in any case, with or without the zeros', async () => {
    const number = newer.jobNumber!;
    expect(await find({ q: number })).toEqual([newer.id]);
    expect(await find({ q: number.toLowerCase() }, ids.SUPER_ADMIN.token)).toEqual([newer.id]);
    const [, year, n] = /^RS-(\d{4})-(\d+)$/.exec(number)!;
    expect(await find({ q: `${year}-${Number(n)}` })).toEqual([newer.id]);
    expect(await find({ q: `RS-${year}-999999` })).toEqual([]);
  });

  it("finds a client's jobs by e-mail, whole or its beginning, newest first", async () => {
    expect(await find({ q: client.email })).toEqual([newer.id, older.id]);
    expect(await find({ q: client.email.toUpperCase() })).toEqual([newer.id, older.id]);
    expect(await find({ q: client.email.slice(0, client.email.indexOf('@') + 3) })).toEqual([newer.id, older.id]);
  });

  it('finds them by name: a word, its first letters, several words in any order, accents or not', async () => {
    expect(await find({ q: first })).toEqual([newer.id, older.id]);
    expect(await find({ q: first.slice(0, 7).toLowerCase() })).toEqual([newer.id, older.id]);
    expect(await find({ q: `${last} ${first}` })).toEqual([newer.id, older.id]);
    expect(await find({ q: `elodie ${last.slice(0, 4)}` })).toEqual([newer.id, older.id]);
    expect(await find({ q: `Élodie ${first}` })).toEqual([newer.id, older.id]);
    // The other client shares the first letters of a word only: a longer query leaves it out.
    expect(await find({ q: last.slice(0, 6) })).toEqual(expect.arrayContaining([newer.id, older.id, other.id]));
    expect(await find({ q: last })).toEqual([newer.id, older.id]);
    expect(await find({ q: `${first} nobody` })).toEqual([]);
  });

  it('combines with the unpaid filter and the title search', async () => {
    await markPaid(ids.MANAGER.token, older);
    expect(await find({ q: first, unpaid: 'true' })).toEqual([newer.id]);
    expect(await find({ q: first, search: newer.serviceName })).toEqual([newer.id, older.id]);
    expect(await find({ q: first, search: 'no such service at all' })).toEqual([]);
    expect(await find({ q: first, limit: '1' })).toEqual([newer.id]);
  });

  it('refuses a query too short, or with a filter it cannot combine with, in the envelope', async () => {
    for (const [query, path] of [
      [{ q: 'a' }, 'query.q'],
      [{ q: '   ' }, 'query.q'],
      [{ q: first, open: 'true' }, 'query.open'],
      [{ q: first, unassigned: 'true' }, 'query.unassigned'],
      [{ q: first, cursor: 'abc' }, 'query.cursor'],
    ] as const) {
      const response = await api(`/api/jobs?${new URLSearchParams(query).toString()}`, { token: ids.MANAGER.token });
      const envelope = expectEnvelope(response.json, 400);
      expect(envelope.details?.issues?.map((issue) => issue.path)).toContain(path);
    }
    const long = await api(`/api/jobs?q=${'x'.repeat(101)}`, { token: ids.MANAGER.token });
    expectEnvelope(long.json, 400);
  });

  it('is refused to clients and editors (403) and anonymous callers (401)', async () => {
    for (const role of ['CLIENT_A', 'CLIENT_B', 'EDITOR'] as const) {
      const response = await api(`/api/jobs?q=${encodeURIComponent(first)}`, { token: ids[role].token });
      expectEnvelope(response.json, 403);
    }
    expectEnvelope((await api(`/api/jobs?q=${encodeURIComponent(first)}`)).json, 401);
  });
});

describe('the search items', () => {
  it('are written with the job, one per name word and the e-mail, and not read from every job', async () => {
    const items = await searchItemsOf(newer.id);
    expect(items.map((item) => item.SK).sort()).toEqual(
      [first.toLowerCase(), 'elodie', last.toLowerCase(), client.email.toLowerCase()].map((t) => `SEARCH#${t}`).sort(),
    );
    // Each in the partition of its first three characters: no partition holds every job.
    for (const item of items) {
      const term = String(item.SK).slice('SEARCH#'.length);
      expect(item.GSI1PK).toBe(`JOB_SEARCH#${term.slice(0, 3)}`);
      expect(item.GSI1SK).toBe(`${term}#${newer.createdAt}#${newer.id}`);
    }
  });

  it('of a job stored without them are written by the one-off repair, which is safe to run again', async () => {
    const job = await newJob(client.token);
    for (const item of await searchItemsOf(job.id)) {
      await documentClient.send(new DeleteCommand({ TableName: tableName(), Key: { PK: item.PK, SK: item.SK } }));
    }
    expect(await find({ q: client.email })).not.toContain(job.id);
    const repaired = await repairJobSearchItems({ onlyJobs: new Set([job.id]) });
    expect(repaired.written).toBe(4);
    expect(repaired.checked).toBeGreaterThanOrEqual(3);
    expect(await find({ q: client.email })).toEqual([job.id, newer.id, older.id]);
    await repairJobSearchItems({ onlyJobs: new Set([job.id]) });
    expect(await searchItemsOf(job.id)).toHaveLength(4);
  });

  it('go with a deleted job: it is found no more', async () => {
    const job = await newJob(client.token);
    const cancelled = await api(`/api/jobs/${job.id}/cancel`, { method: 'POST', token: client.token });
    expect(cancelled.status, cancelled.text).toBe(200);
    const deleted = await api(`/api/jobs/${job.id}`, { method: 'DELETE', token: ids.SUPER_ADMIN.token });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await searchItemsOf(job.id)).toEqual([]);
    expect(await find({ q: client.email })).not.toContain(job.id);
  });
});
