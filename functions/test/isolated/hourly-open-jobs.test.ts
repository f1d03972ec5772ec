/**
 * The hourly scheduled run's upkeep of the open-jobs index (issue 37) on a table of 10,000 jobs:
 * it reads the jobs changed since its last run (the jobs-by-last-change index, GSI5), not every
 * job, and puts right those whose open-jobs keys disagree with their status; the jobs stored before
 * the index existed are the one-off repair's (`npm run repair-open-jobs`). Reads are counted by the
 * data functions page by page (the items DynamoDB returned), not timed. On a stack of its own:
 * 10,000 jobs would crowd every list of the shared stack; its scheduled run repeats once a day here,
 * so only the runs of this test move its record.
 */
import { BatchWriteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwnStack, type OwnStack } from './own-stack.ts';
import type * as JobOpenIndex from '../../src/data/job-open-index.ts';

let own: OwnStack | undefined;
let data: typeof JobOpenIndex;

const tableSize = 10_000;
const changedCount = 25;
/** Stored before the index existed: an open job without its keys, untouched since. */
const forgottenCount = 5;
const hour = 3_600_000;
const longAgo = Date.parse('2026-01-05T00:00:00.000Z');
const jobId = (n: number) => `01JOBLOADTEST${String(n).padStart(13, '0')}`;

beforeAll(async () => {
  own = await startOwnStack({ persist: false, autoApprovalEveryMs: 24 * hour });
  // Loaded after the stack set the handlers' environment (this process runs them).
  data = await import('../../src/data/job-open-index.ts');
  const { client, name } = own.table;
  const items = Array.from({ length: tableSize }, (_, n) => {
    const at = new Date(longAgo + n * 1000).toISOString();
    const open = n < forgottenCount;
    return {
      PK: `JOB#${jobId(n)}`,
      SK: 'JOB',
      type: 'Job',
      id: jobId(n),
      // Closed jobs are in step without open-jobs keys; the first few are open and lack them.
      status: open ? 'IN_PROGRESS' : 'COMPLETED',
      dueAt: null,
      createdAt: at,
      updatedAt: at,
      GSI3PK: 'JOBS',
      GSI3SK: `${at}#${jobId(n)}`,
    };
  });
  const batches: (typeof items)[] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  const write = async () => {
    for (let batch = batches.pop(); batch; batch = batches.pop()) {
      let pending: Record<string, unknown>[] = batch.map((Item) => ({ PutRequest: { Item } }));
      while (pending.length > 0) {
        const answer = await client.send(new BatchWriteCommand({ RequestItems: { [name]: pending } }));
        pending = (answer.UnprocessedItems?.[name] ?? []) as Record<string, unknown>[];
      }
    }
  };
  // Two writers: the table is seeded steadily, not in a burst that slows every other test's
  // requests to the emulator past their time limit.
  await Promise.all(Array.from({ length: 2 }, write));
}, 240_000);

afterAll(async () => {
  await own?.stop();
});

async function openJobIds(): Promise<Set<string>> {
  const { client, name } = own!.table;
  const ids = new Set<string>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new QueryCommand({
        TableName: name,
        IndexName: 'GSI4',
        KeyConditionExpression: 'GSI4PK = :open',
        ExpressionAttributeValues: { ':open': 'OPEN_JOBS' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) ids.add(item.id as string);
    start = page.LastEvaluatedKey;
  } while (start);
  return ids;
}

describe('the hourly run on a table of 10,000 jobs', () => {
  // A clock a day ahead: the stack's own runs (at start, then daily) stay behind this test's.
  const firstRun = new Date(Date.now() + 24 * hour);
  const changedAt = new Date(firstRun.getTime() + 60_000).toISOString();
  const changed = Array.from({ length: changedCount }, (_, n) => jobId(tableSize - 1 - n * 7));

  it('reads only the jobs changed since the last run: none of the 10,000 stored long ago', async () => {
    const run = await data.keepOpenJobsIndex(firstRun);
    // Since the stack's own first run (less the overlap): the demo seed's few jobs at most.
    expect(run.checked).toBeLessThan(50);
    expect(run.repaired.filter((id) => id.startsWith('01JOBLOADTEST'))).toEqual([]);
  });

  it('reads exactly the 25 jobs changed since, and lists the open ones on the board', async () => {
    const { client, name } = own!.table;
    // A writer that set the status and its time but forgot the open-jobs keys.
    for (const id of changed) {
      await client.send(
        new UpdateCommand({
          TableName: name,
          Key: { PK: `JOB#${id}`, SK: 'JOB' },
          UpdateExpression: 'SET #status = :status, updatedAt = :at',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': 'IN_PROGRESS', ':at': changedAt },
        }),
      );
    }
    const run = await data.keepOpenJobsIndex(new Date(firstRun.getTime() + hour));
    expect(run.since).toBe(new Date(firstRun.getTime() - data.upkeepOverlapMs).toISOString());
    expect(run.checked).toBe(changedCount);
    expect(run.pages).toBe(1);
    expect(run.repaired.sort()).toEqual([...changed].sort());
    const open = await openJobIds();
    for (const id of changed) expect(open.has(id), id).toBe(true);
    // The jobs stored before the index existed were not read: still missing from the board.
    for (let n = 0; n < forgottenCount; n++) expect(open.has(jobId(n))).toBe(false);
  });

  it('reads nothing at the next run when nothing changed, not even what it repaired', async () => {
    const run = await data.keepOpenJobsIndex(new Date(firstRun.getTime() + 2 * hour));
    expect(run.checked).toBe(0);
    expect(run.repaired).toEqual([]);
  });

  it('leaves the jobs stored before the index to the one-off repair, which reads every job', async () => {
    const pages: number[] = [];
    const repair = await data.repairOpenJobsIndex({ onPage: (progress) => pages.push(progress.checked) });
    expect(repair.checked).toBeGreaterThanOrEqual(tableSize);
    // In pages of at most a thousand jobs.
    const perPage = pages.map((total, i) => total - (pages[i - 1] ?? 0));
    expect(Math.max(...perPage)).toBe(1000);
    expect(pages.length).toBeGreaterThanOrEqual(Math.ceil(repair.checked / 1000));
    expect(repair.repaired.filter((id) => id.startsWith('01JOBLOADTEST')).sort()).toEqual(
      Array.from({ length: forgottenCount }, (_, n) => jobId(n)),
    );
    expect(pages.at(-1)).toBe(repair.checked);
    const open = await openJobIds();
    for (let n = 0; n < forgottenCount; n++) expect(open.has(jobId(n))).toBe(true);
  });

  it("keeps the scheduled function's own run from reading the table: it reads what changed since its record", async () => {
    const sweep = (await import('../../src/workers/auto-approval.ts')) as {
      handler: () => Promise<{ openIndexChecked: number; openIndexRepaired: number }>;
    };
    // Now, behind this test's clock: its record is ahead, so it reads only jobs changed after that.
    const run = await sweep.handler();
    expect(run.openIndexChecked).toBe(0);
    expect(run.openIndexRepaired).toBe(0);
  });
});
