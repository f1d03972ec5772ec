/**
 * A `.local/` kept from before the open-jobs index (GSI4, docs/data-model.md pattern 53) and the
 * jobs-by-last-change index (GSI5, pattern 54): `npm start` provisions the table
 * (`provisionTable`), which adds both, and since it added the open-jobs index runs the one-off
 * repair (as `npm run repair-open-jobs` after the deployment that adds it), which writes the index
 * keys of the jobs stored without them, so the managers' board lists them; the scheduled run then
 * notices the overdue one. GSI5 needs no repair: DynamoDB fills it from the jobs' own attributes.
 * On a throwaway stack of its own whose table is first taken back to its older shape. (A second
 * stack cannot start in the same process: the handlers keep the first one's settings.)
 */
import { DescribeTableCommand, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { listAllJobsResponseSchema } from '@studio/shared/job-workflow';
import { provisionTable } from '../../../scripts/local/provision.ts';
import { startOwnStack, type OwnStack } from './own-stack.ts';

let own: OwnStack | undefined;

afterAll(async () => {
  await own?.stop();
});

async function openJobIds(stack: OwnStack): Promise<string[]> {
  const answer = await stack.call('/api/jobs?open=true', { token: await stack.staffToken('MANAGER') });
  expect(answer.status, answer.text).toBe(200);
  return listAllJobsResponseSchema.parse(answer.json).jobs.map((job) => job.id);
}

async function indexNames(stack: OwnStack): Promise<string[]> {
  const table = await stack.table.client.send(new DescribeTableCommand({ TableName: stack.table.name }));
  return (table.Table?.GlobalSecondaryIndexes ?? []).map((index) => `${index.IndexName}:${index.IndexStatus}`).sort();
}

describe('a local table from before the open-jobs index', () => {
  it('gets both indexes when provisioned again, and the one-off repair lists the seeded open jobs again', async () => {
    own = await startOwnStack({ persist: false });
    // The demo seed holds four jobs: two the studio still owes work on (PENDING, IN_PROGRESS).
    const seeded = await openJobIds(own);
    expect(seeded).toHaveLength(2);

    // As an older `npm start` left the table: no GSI4, and no job with its keys; and the overdue
    // demo job not yet noticed (it fell due after that start).
    const { client, name } = own.table;
    const jobs = await client.send(
      new QueryCommand({
        TableName: name,
        IndexName: 'GSI3',
        KeyConditionExpression: 'GSI3PK = :jobs',
        ExpressionAttributeValues: { ':jobs': 'JOBS' },
      }),
    );
    expect(jobs.Items).toHaveLength(4);
    for (const job of jobs.Items ?? []) {
      await client.send(
        new UpdateCommand({
          TableName: name,
          Key: { PK: job.PK, SK: job.SK },
          UpdateExpression: 'REMOVE GSI4PK, GSI4SK, overdueNoticeFor',
        }),
      );
    }
    // GSI6 (an organisation's jobs, #35) came later still: an older table lacks it too.
    for (const index of ['GSI4', 'GSI5', 'GSI6']) {
      await client.send(
        new UpdateTableCommand({ TableName: name, GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: index } }] }),
      );
      for (let tries = 0; (await indexNames(own)).some((i) => i.startsWith(index)) && tries < 100; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    expect(await indexNames(own)).toEqual(['GSI1:ACTIVE', 'GSI2:ACTIVE', 'GSI3:ACTIVE']);
    expect(await provisionTable(own.stack.endpoints.dynamo)).toEqual(['GSI4', 'GSI5', 'GSI6']);
    expect(await indexNames(own)).toEqual(expect.arrayContaining(['GSI4:ACTIVE', 'GSI5:ACTIVE', 'GSI6:ACTIVE']));
    expect(await openJobIds(own)).toEqual([]);
    // GSI5 was filled from the jobs' own keys (GSI3PK, updatedAt).
    const byChange = await client.send(
      new QueryCommand({
        TableName: name,
        IndexName: 'GSI5',
        KeyConditionExpression: 'GSI3PK = :jobs',
        ExpressionAttributeValues: { ':jobs': 'JOBS' },
      }),
    );
    expect(byChange.Items).toHaveLength(4);
    // What `npm start` runs when it added the open-jobs index: the one-off repair (in this process,
    // on the own stack's emulators), which writes the two open jobs' keys.
    const { repairOpenJobsIndex } = await import('../../src/data/job-open-index.ts');
    const repair = await repairOpenJobsIndex();
    expect(repair.checked).toBe(4);
    expect(repair.repaired).toHaveLength(2);
    // The scheduled run (hourly on AWS) sends the overdue notices, which read that index.
    const sweep = (await import('../../src/workers/auto-approval.ts')) as { handler: () => Promise<unknown> };
    const run = (await sweep.handler()) as { openIndexRepaired: number; noticed: string[] };
    expect(run.openIndexRepaired).toBe(0);
    // The overdue job is noticed now.
    const overdue = (jobs.Items ?? []).filter(
      (job) => job.status === 'IN_PROGRESS' && job.dueAt < new Date().toISOString(),
    );
    expect(overdue).toHaveLength(1);
    expect(run.noticed).toEqual([overdue[0]!.id]);
    const listed = await openJobIds(own);
    expect(listed.sort()).toEqual([...seeded].sort());
  });
});
