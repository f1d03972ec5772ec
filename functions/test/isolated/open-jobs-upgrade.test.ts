/**
 * A `.local/` kept from before the open-jobs index (GSI4, docs/data-model.md pattern 53): `npm
 * start` provisions the table (`provisionTable`), which adds the index, and runs the scheduled
 * sweep at once, whose repair writes the index keys of the jobs stored without them, so the
 * managers' board lists them. On a throwaway stack of its own whose table is first taken back to
 * its older shape. (A second stack cannot start in the same process: the handlers keep the first
 * one's settings.)
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
  it('gets the index when provisioned again, and the sweep lists the seeded open jobs again', async () => {
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
    await client.send(
      new UpdateTableCommand({ TableName: name, GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: 'GSI4' } }] }),
    );
    for (let tries = 0; (await indexNames(own)).some((index) => index.startsWith('GSI4')) && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await indexNames(own)).toEqual(['GSI1:ACTIVE', 'GSI2:ACTIVE', 'GSI3:ACTIVE']);
    await provisionTable(own.stack.endpoints.dynamo);
    expect(await indexNames(own)).toContain('GSI4:ACTIVE');
    expect(await openJobIds(own)).toEqual([]);
    // The sweep `npm start` runs at once (and hourly on AWS): its repair writes the two open jobs' keys.
    // The scheduled function as the own stack loaded it: in this process, on its emulators.
    const sweep = (await import('../../src/workers/auto-approval.ts')) as { handler: () => Promise<unknown> };
    const run = (await sweep.handler()) as { openIndexRepaired: number; noticed: string[] };
    expect(run.openIndexRepaired).toBe(2);
    // The notices read that index, after the repair in the same run: the overdue job is noticed now.
    const overdue = (jobs.Items ?? []).filter(
      (job) => job.status === 'IN_PROGRESS' && job.dueAt < new Date().toISOString(),
    );
    expect(overdue).toHaveLength(1);
    expect(run.noticed).toEqual([overdue[0]!.id]);
    const listed = await openJobIds(own);
    expect(listed.sort()).toEqual([...seeded].sort());
  });
});
