/**
 * The overview's figures (#40 item 9): a seeded set of jobs, image versions and delivered files in
 * March and April 2019 (a period no other test writes in), written to the table as the API's
 * writers store them, counted by the figures projector from the table's stream as on AWS; each
 * figure of `GET api/studio/overview` is checked exactly, and `GET api/studio/overview/jobs` answers
 * exactly the jobs behind each. Apart: the same stream record applied twice counts once.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { monotonicFactory, ulid } from 'ulid';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { overviewJobsResponseSchema, studioOverviewResponseSchema } from '@studio/shared/studio-overview';
import type { JobItem } from '../../src/data/jobs.ts';
import { useHandlerEnv } from './handler-env.ts';
import { api, expectEnvelope, signedInIdentities, type Identity, type Role } from './support.ts';

useHandlerEnv();
const { documentClient } = await import('../../src/lib/dynamo.ts');
const { jobKey, tableName, uploadKey, versionKey, deliverableKey } = await import('../../src/data/keys.ts');
const { handler: projectorHandler } = await import('../../src/figures/handler.ts');
const projector = (event: { Records: unknown[] }) => projectorHandler(event as DynamoDBStreamEvent);
const { figuresOf } = await import('../../src/data/overview-figures.ts');

let ids: Record<Role, Identity>;
let editorA: string;
let editorB: string;

const period = 'from=2019-03&to=2019-04';

function jobItem(id: string, fields: Partial<JobItem> & Pick<JobItem, 'status' | 'createdAt'>): JobItem {
  return {
    type: 'Job',
    id,
    jobNumber: `RS-2019-${id.slice(-4)}`,
    clientId: 'figures-client',
    client: { name: 'Figures Client', email: 'figures@example.com' },
    serviceId: ulid(),
    serviceName: 'Retouching',
    selectedSubServices: [],
    subServices: [],
    currency: 'EUR',
    linkType: 'own',
    dropboxLink: null,
    uploadId: null,
    numberOfPhotos: 2,
    instructions: '',
    progress: 0,
    editorId: null,
    editorDropboxLink: null,
    totalCents: 1000,
    updatedAt: fields.createdAt,
    payment: null,
    ...fields,
  };
}

const paid = (currency: string, cents: number, paidAt: string, by: 'card' | 'transfer' = 'card') => ({
  status: 'PAID' as const,
  method: by === 'card' ? ('Credit/Debit Card' as const) : ('Internet Banking' as const),
  currency,
  updatedAt: paidAt,
  provider: by === 'card' ? ('stripe' as const) : ('manual' as const),
  received: { amountCents: cents, currency },
  paidAt,
  refundedCents: 0,
  reference: 'ref',
});

async function putJob(job: JobItem) {
  await documentClient.send(new PutCommand({ TableName: tableName(), Item: { ...jobKey(job.id), ...job } }));
}

async function putVersion(uploadId: string, imageId: string, versionId: string, by: string, releasedAt: string | null) {
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...versionKey(uploadId, imageId, versionId),
        type: 'ImageVersion',
        uploadId,
        imageId,
        id: versionId,
        number: 1,
        round: 1,
        kind: 'main',
        of: null,
        key: `figures/${versionId}.jpg`,
        fileName: `${versionId}.jpg`,
        size: 10,
        contentType: 'image/jpeg',
        preview: 'READY',
        thumbnailKey: null,
        screenKey: null,
        width: null,
        height: null,
        deliveredBy: by,
        createdAt: releasedAt ?? '2019-04-01T08:00:00.000Z',
        releasedAt,
        qc: null,
      },
    }),
  );
}

async function overview(query = period, token = ids.MANAGER.token) {
  const response = await api(`/api/studio/overview?${query}`, { token });
  expect(response.status, response.text).toBe(200);
  return studioOverviewResponseSchema.parse(response.json);
}

async function jobsBehind(query: Record<string, string>, token = ids.MANAGER.token): Promise<string[]> {
  const found: string[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) });
    const response = await api(`/api/studio/overview/jobs?${params.toString()}`, { token });
    expect(response.status, response.text).toBe(200);
    const page = overviewJobsResponseSchema.parse(response.json);
    found.push(...page.jobs.map((job) => job.id));
    cursor = page.nextCursor;
  } while (cursor);
  return found.sort();
}

// A: EUR by card in March, delivered on time in March, sent back and delivered again (late) in April, approved.
// B: USD by transfer in April, first delivered late in April. C: EUR by card in April, 1200 refunded, cancelled.
// D: unpaid, PENDING. E: EUR by card in April, IN_PROGRESS.
// In order of creation: ids made in one millisecond by plain ulid() need not sort as made.
const nextId = monotonicFactory();
const [A, B, C, D, E] = [nextId(), nextId(), nextId(), nextId(), nextId()];
const uploadA = ulid();
const sorted = (...jobIds: string[]) => [...jobIds].sort();

beforeAll(async () => {
  ids = await signedInIdentities();
  editorA = ids.EDITOR.userId!;
  editorB = ids.MANAGER.userId!;

  await documentClient.send(
    new PutCommand({ TableName: tableName(), Item: { ...uploadKey(uploadA), type: 'Upload', id: uploadA, jobId: A } }),
  );
  const aPaid = paid('EUR', 1000, '2019-03-05T10:00:00.000Z');
  const aBase = jobItem(A, { status: 'PENDING', createdAt: '2019-03-02T09:00:00.000Z', uploadId: uploadA });
  await putJob(aBase);
  await putJob({ ...aBase, status: 'IN_PROGRESS', payment: aPaid, dueAt: '2019-03-12T10:00:00.000Z' });
  const aDelivered = {
    ...aBase,
    status: 'DELIVERED' as const,
    payment: aPaid,
    dueAt: '2019-03-12T10:00:00.000Z',
    roundDeliveredAt: '2019-03-10T10:00:00.000Z',
    updatedAt: '2019-03-10T10:00:00.000Z',
  };
  await putJob(aDelivered);
  await putJob({ ...aDelivered, status: 'REVISION_REQUESTED', round: 2, roundDeliveredAt: null });
  await putJob({ ...aDelivered, round: 2, roundDeliveredAt: '2019-04-03T10:00:00.000Z' });
  await putJob({ ...aDelivered, status: 'COMPLETED', round: 2, roundDeliveredAt: '2019-04-03T10:00:00.000Z' });

  const bBase = jobItem(B, {
    status: 'PENDING',
    createdAt: '2019-03-03T09:00:00.000Z',
    currency: 'USD',
    totalCents: 2500,
  });
  await putJob(bBase);
  await putJob({
    ...bBase,
    status: 'DELIVERED',
    payment: paid('USD', 2500, '2019-04-02T10:00:00.000Z', 'transfer'),
    dueAt: '2019-04-04T10:00:00.000Z',
    roundDeliveredAt: '2019-04-05T10:00:00.000Z',
  });

  const cPaid = paid('EUR', 3000, '2019-04-01T10:00:00.000Z');
  const cBase = jobItem(C, {
    status: 'IN_PROGRESS',
    createdAt: '2019-04-01T09:00:00.000Z',
    totalCents: 3000,
    payment: cPaid,
  });
  await putJob(cBase);
  await putJob({
    ...cBase,
    status: 'CANCELLED',
    payment: { ...cPaid, status: 'PARTIALLY_REFUNDED', refundedCents: 1200, updatedAt: '2019-04-15T10:00:00.000Z' },
  });

  await putJob(jobItem(D, { status: 'PENDING', createdAt: '2019-04-10T09:00:00.000Z' }));
  await putJob(
    jobItem(E, {
      status: 'IN_PROGRESS',
      createdAt: '2019-04-11T09:00:00.000Z',
      totalCents: 500,
      payment: paid('EUR', 500, '2019-04-11T10:00:00.000Z'),
    }),
  );

  // Images: editor A two versions of one image (the revision's counts again) and one waiting for
  // QC that is released later; editor B one version of job A and one delivered file of job B.
  const image = ulid();
  await putVersion(uploadA, image, ulid(), editorA, '2019-03-12T10:00:00.000Z'); // 2019-W11
  await putVersion(uploadA, ulid(), ulid(), editorB, '2019-03-13T10:00:00.000Z'); // 2019-W11
  await putVersion(uploadA, image, ulid(), editorA, '2019-04-03T10:00:00.000Z'); // 2019-W14
  const inQc = ulid();
  const inQcImage = ulid();
  await putVersion(uploadA, inQcImage, inQc, editorA, null);
  await putVersion(uploadA, inQcImage, inQc, editorA, '2019-04-04T10:00:00.000Z'); // 2019-W14, at QC's pass
  const file = ulid();
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...deliverableKey(B, file),
        type: 'Deliverable',
        jobId: B,
        id: file,
        deliveredBy: editorB,
        createdAt: '2019-04-05T10:00:00.000Z', // 2019-W14
      },
    }),
  );

  // The projector follows the stream: wait until it has come to the last records written above
  // (every figure at its final total), then each test checks its figure exactly.
  await vi.waitFor(
    async () => {
      const answer = await overview();
      const totals = {
        images: answer.imagesPerEditor.reduce((sum, row) => sum + row.images, 0),
        jobs: answer.jobsByStatus.reduce((sum, row) => sum + row.count, 0),
        statuses: answer.jobsByStatus.filter((row) => row.count > 0).length,
        revenue: answer.revenue.length,
        refunded: answer.revenue.reduce((sum, row) => sum + row.refundedCents, 0),
        delivered: answer.onTimeDelivery.total.delivered,
      };
      expect(totals).toEqual({ images: 5, jobs: 5, statuses: 5, revenue: 3, refunded: 1200, delivered: 2 });
    },
    { timeout: 90_000, interval: 500 },
  );
}, 180_000);

describe('GET api/studio/overview: the figures of a period', () => {
  it('answers revenue by month and currency: payments in the month they made the job PAID, refunds when made', async () => {
    const answer = await overview();
    expect(answer.period).toEqual({ from: '2019-03', to: '2019-04' });
    expect(answer.revenue).toEqual([
      { month: '2019-04', currency: 'EUR', paidCents: 3500, refundedCents: 1200, jobs: 2 },
      { month: '2019-04', currency: 'USD', paidCents: 2500, refundedCents: 0, jobs: 1 },
      { month: '2019-03', currency: 'EUR', paidCents: 1000, refundedCents: 0, jobs: 1 },
    ]);
    // A month alone: only its own money.
    expect((await overview('from=2019-03&to=2019-03')).revenue).toEqual([
      { month: '2019-03', currency: 'EUR', paidCents: 1000, refundedCents: 0, jobs: 1 },
    ]);
  });

  it('answers the jobs created in the period by the status each has now (every status listed)', async () => {
    const answer = await overview();
    expect(answer.jobsByStatus).toEqual([
      { status: 'PENDING', count: 1 },
      { status: 'IN_PROGRESS', count: 1 },
      { status: 'COMPLETED', count: 1 },
      { status: 'CANCELLED', count: 1 },
      { status: 'DELIVERED', count: 1 },
      { status: 'REVISION_REQUESTED', count: 0 },
    ]);
    const march = await overview('from=2019-03&to=2019-03');
    expect(march.jobsByStatus.filter((row) => row.count > 0)).toEqual([
      { status: 'COMPLETED', count: 1 },
      { status: 'DELIVERED', count: 1 },
    ]);
  });

  it('answers on-time delivery of first deliveries only: a revision delivered again does not count again', async () => {
    const answer = await overview();
    expect(answer.onTimeDelivery).toEqual({
      months: [
        { month: '2019-04', delivered: 1, onTime: 0, rate: 0 },
        { month: '2019-03', delivered: 1, onTime: 1, rate: 1 },
      ],
      total: { delivered: 2, onTime: 1, rate: 0.5 },
    });
  });

  it('answers images per editor per ISO week: every version released, a revision version again, a QC pass when it passes', async () => {
    const answer = await overview();
    expect(answer.imagesPerEditor.map(({ week, editorId, images }) => ({ week, editorId, images }))).toEqual(
      expect.arrayContaining([
        { week: '2019-W14', editorId: editorA, images: 2 },
        { week: '2019-W14', editorId: editorB, images: 1 },
        { week: '2019-W11', editorId: editorA, images: 1 },
        { week: '2019-W11', editorId: editorB, images: 1 },
      ]),
    );
    expect(answer.imagesPerEditor).toHaveLength(4);
    expect(answer.imagesPerEditor.map((row) => row.week)).toEqual(['2019-W14', '2019-W14', '2019-W11', '2019-W11']);
    for (const row of answer.imagesPerEditor) expect(row.editorName).not.toBe('');
    const names = answer.imagesPerEditor.slice(0, 2).map((row) => row.editorName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('answers first-time approval for the months of the period asked', async () => {
    const answer = await overview();
    expect(answer.firstTimeApproval.months.map((month) => month.month)).toEqual(['2019-04', '2019-03']);
    const sixMonths = await overview('');
    expect(sixMonths.firstTimeApproval.months).toHaveLength(6);
    expect(sixMonths.onTimeDelivery.months).toHaveLength(6);
  });

  it('refuses a period that is not one, in the error envelope', async () => {
    for (const query of [
      'from=2019-03',
      'from=2019-05&to=2019-04',
      'from=2017-01&to=2019-04',
      'from=2019-13&to=2019-14',
    ]) {
      const response = await api(`/api/studio/overview?${query}`, { token: ids.MANAGER.token });
      expectEnvelope(response.json, 400);
    }
  });
});

describe('GET api/studio/overview/jobs: the jobs behind each figure', () => {
  it('answers exactly the jobs behind each figure', async () => {
    expect(await jobsBehind({ figure: 'revenue', month: '2019-04', currency: 'EUR' })).toEqual(sorted(C, E));
    expect(await jobsBehind({ figure: 'revenue', month: '2019-04', currency: 'USD' })).toEqual([B]);
    expect(await jobsBehind({ figure: 'revenue', month: '2019-03', currency: 'EUR' })).toEqual([A]);
    expect(await jobsBehind({ figure: 'jobsByStatus', status: 'PENDING', from: '2019-03', to: '2019-04' })).toEqual([
      D,
    ]);
    expect(await jobsBehind({ figure: 'jobsByStatus', status: 'COMPLETED', from: '2019-03', to: '2019-04' })).toEqual([
      A,
    ]);
    expect(await jobsBehind({ figure: 'jobsByStatus', status: 'PENDING', from: '2019-03', to: '2019-03' })).toEqual([]);
    expect(await jobsBehind({ figure: 'onTimeDelivery', month: '2019-03' })).toEqual([A]);
    expect(await jobsBehind({ figure: 'onTimeDelivery', month: '2019-03', late: 'true' })).toEqual([]);
    expect(await jobsBehind({ figure: 'onTimeDelivery', month: '2019-04' })).toEqual([B]);
    expect(await jobsBehind({ figure: 'onTimeDelivery', month: '2019-04', late: 'true' })).toEqual([B]);
    expect(await jobsBehind({ figure: 'imagesPerEditor', week: '2019-W14', editorId: editorA })).toEqual([A]);
    expect(await jobsBehind({ figure: 'imagesPerEditor', week: '2019-W14', editorId: editorB })).toEqual([B]);
    expect(await jobsBehind({ figure: 'imagesPerEditor', week: '2019-W11', editorId: editorB })).toEqual([A]);
  });

  it('pages by cursor, newest first', async () => {
    const first = await api(`/api/studio/overview/jobs?figure=revenue&month=2019-04&currency=EUR&limit=1`, {
      token: ids.MANAGER.token,
    });
    const page = overviewJobsResponseSchema.parse(first.json);
    expect(page.jobs.map((job) => job.id)).toEqual([E]);
    expect(page.nextCursor).not.toBeNull();
    const second = await api(
      `/api/studio/overview/jobs?figure=revenue&month=2019-04&currency=EUR&limit=1&cursor=${page.nextCursor!}`,
      { token: ids.MANAGER.token },
    );
    expect(overviewJobsResponseSchema.parse(second.json).jobs.map((job) => job.id)).toEqual([C]);
    // A cursor of another list is refused.
    const foreign = await api(
      `/api/studio/overview/jobs?figure=revenue&month=2019-04&currency=USD&cursor=${page.nextCursor!}`,
      { token: ids.MANAGER.token },
    );
    expectEnvelope(foreign.json, 400);
  });

  it("refuses a figure's parameters missing or extra with a 400 naming each", async () => {
    const cases: [string, string][] = [
      ['figure=revenue&month=2019-04', 'query.currency'],
      ['figure=revenue&month=2019-04&currency=EUR&status=PENDING', 'query.status'],
      ['figure=jobsByStatus', 'query.status'],
      ['figure=jobsByStatus&status=PENDING&from=2019-03', 'query.from'],
      ['figure=onTimeDelivery&late=true', 'query.month'],
      ['figure=imagesPerEditor&week=2019-W14', 'query.editorId'],
      // A needs-action list takes no parameter of a figure.
      ['figure=overdue&month=2019-04', 'query.month'],
      ['figure=revenue&month=2019-04&currency=eur', 'query.currency'],
    ];
    for (const [query, path] of cases) {
      const response = await api(`/api/studio/overview/jobs?${query}`, { token: ids.MANAGER.token });
      const envelope = expectEnvelope(response.json, 400);
      expect(
        envelope.details?.issues?.map((issue) => issue.path),
        query,
      ).toContain(path);
    }
  });

  it('is for MANAGER and SUPER_ADMIN only', async () => {
    for (const role of ['ANONYMOUS', 'CLIENT_A', 'EDITOR'] as const) {
      const response = await api('/api/studio/overview/jobs?figure=revenue&month=2019-03&currency=EUR', {
        token: ids[role].token,
      });
      expect(response.status, role).toBe(role === 'ANONYMOUS' ? 401 : 403);
    }
    expect(await jobsBehind({ figure: 'revenue', month: '2019-03', currency: 'EUR' }, ids.SUPER_ADMIN.token)).toEqual([
      A,
    ]);
  });
});

describe('the figures projector', () => {
  it('counts a stream record applied twice once, and an older record after a newer one not at all', async () => {
    // A job of 2018 (no other test's period) that is not in the table: only these records count it.
    const id = ulid();
    const record = (sequence: string, status: JobItem['status'], paidAt: string | null) => ({
      eventID: sequence,
      eventName: 'MODIFY' as const,
      dynamodb: {
        SequenceNumber: sequence,
        Keys: { PK: { S: `JOB#${id}` }, SK: { S: 'JOB' } },
        NewImage: marshall(
          jobItem(id, {
            status,
            createdAt: '2018-06-02T10:00:00.000Z',
            updatedAt: '2018-06-03T10:00:00.000Z',
            currency: 'GBP',
            totalCents: 700,
            payment: paidAt ? paid('GBP', 700, paidAt) : null,
          }),
        ),
      },
    });
    const newer = record('000000000000000000000200', 'IN_PROGRESS', '2018-06-03T10:00:00.000Z');
    expect(await projector({ Records: [newer] })).toEqual({ batchItemFailures: [] });
    expect(await projector({ Records: [newer, newer] })).toEqual({ batchItemFailures: [] });
    expect(await projector({ Records: [record('000000000000000000000100', 'PENDING', null)] })).toEqual({
      batchItemFailures: [],
    });
    const figures = await figuresOf('2018-06', '2018-06');
    expect(figures.revenue).toEqual([{ month: '2018-06', currency: 'GBP', paidCents: 700, refundedCents: 0, jobs: 1 }]);
    expect(figures.jobsByStatus.filter((row) => row.count !== 0)).toEqual([{ status: 'IN_PROGRESS', count: 1 }]);

    // Its deletion takes it out of jobs by status; the money received stays counted.
    await projector({
      Records: [
        {
          eventID: '300',
          eventName: 'REMOVE',
          dynamodb: {
            SequenceNumber: '000000000000000000000300',
            Keys: { PK: { S: `JOB#${id}` }, SK: { S: 'JOB' } },
            OldImage: newer.dynamodb.NewImage,
          },
        },
      ],
    });
    const after = await figuresOf('2018-06', '2018-06');
    expect(after.jobsByStatus.every((row) => row.count === 0)).toBe(true);
    expect(after.revenue).toHaveLength(1);
  });

  it('counts a job first seen paid and refunded in one month (a backfill, a late start) in one transaction', async () => {
    const id = ulid();
    const answer = await projector({
      Records: [
        {
          eventID: '1',
          eventName: 'INSERT',
          dynamodb: {
            SequenceNumber: '000000000000000000000001',
            Keys: { PK: { S: `JOB#${id}` }, SK: { S: 'JOB' } },
            NewImage: marshall(
              jobItem(id, {
                status: 'CANCELLED',
                createdAt: '2017-02-01T10:00:00.000Z',
                updatedAt: '2017-02-09T10:00:00.000Z',
                currency: 'USD',
                totalCents: 900,
                payment: {
                  ...paid('USD', 900, '2017-02-02T10:00:00.000Z'),
                  status: 'REFUNDED',
                  updatedAt: '2017-02-09T10:00:00.000Z',
                  refundedCents: 900,
                },
              }),
            ),
          },
        },
      ],
    });
    expect(answer).toEqual({ batchItemFailures: [] });
    const figures = await figuresOf('2017-02', '2017-02');
    expect(figures.revenue).toEqual([
      { month: '2017-02', currency: 'USD', paidCents: 900, refundedCents: 900, jobs: 1 },
    ]);
    expect(figures.jobsByStatus.filter((row) => row.count !== 0)).toEqual([{ status: 'CANCELLED', count: 1 }]);
  });
});
