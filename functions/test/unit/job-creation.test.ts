/**
 * A job's creation decided without a table (data/job-creation.ts): which items the one
 * transaction writes for each kind of order, and on what conditions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handlerEnvNames } from '@studio/shared/platform';
import type * as JobCreation from '../../src/data/job-creation.ts';
import type { NewJob } from '../../src/data/jobs.ts';

let creation: typeof JobCreation;

beforeAll(async () => {
  // The handler's configuration, as any function has it (only the table's name is read here).
  for (const name of Object.values(handlerEnvNames)) process.env[name] ??= `unit-${name.toLowerCase()}`;
  process.env[handlerEnvNames.logLevel] = 'error';
  creation = await import('../../src/data/job-creation.ts');
});

const order: NewJob = {
  id: '01JD0J0B00000000000000JOB1',
  clientId: 'client-1',
  client: { name: 'Ana Client', email: 'ana@example.test' },
  serviceId: '01JD0J0B00000000000000SVC1',
  serviceName: 'Background removal',
  selectedSubServices: ['sub-1'],
  subServices: [{ id: 'sub-1', name: 'White background', unitPriceCents: 150 }],
  currency: 'USD',
  linkType: 'generate',
  dropboxLink: null,
  uploadId: '01JD0J0B0000000000000UPLD1',
  numberOfPhotos: 3,
  instructions: '',
  status: 'PENDING',
  progress: 0,
  editorId: null,
  editorDropboxLink: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  payment: null,
  turnaround: { id: 'express', name: 'Express', hours: 24, multiplier: 1.5 },
  volumeTiers: [{ minPhotos: 10, discountPercent: 10 }],
};
const numbers = { jobNumber: 'RS-2026-0042', invoiceNumber: 'INV-2026-0042' };

type Written = {
  Put?: { Item: Record<string, unknown> };
  Update?: {
    Key: Record<string, unknown>;
    ConditionExpression?: string;
    ExpressionAttributeValues?: Record<string, unknown>;
  };
};
const kinds = (writes: unknown[]) =>
  (writes as Written[]).map((write) =>
    write.Put ? `Put ${String(write.Put.Item.type)}` : `Update ${JSON.stringify(write.Update!.Key)}`,
  );

describe('jobCreationWrites', () => {
  it('an order of an upload with an idempotency key: the job, the count (not the numbers: their items are written as they are taken), the upload closed, the record, the notice, the search terms and the timeline', () => {
    const { created, writes } = creation.jobCreationWrites({
      job: order,
      numbers,
      upload: { uploadId: order.uploadId!, photoCount: 12 },
      idempotency: { key: 'key-1', requestHash: 'hash-1' },
      notify: true,
    });
    expect(kinds(writes)).toHaveLength(11);
    // What needs action (#40): a new job is unassigned and unpaid until it is assigned and paid.
    const markers = (writes as Written[]).filter((write) => write.Put?.Item.type === 'NeedsMarker');
    expect(markers.map((write) => write.Put!.Item.list).sort()).toEqual(['unassigned', 'unpaid']);
    // What a manager finds it by (#40): each word of the client's name and the e-mail.
    const terms = (writes as Written[]).filter((write) => write.Put?.Item.type === 'JobSearchTerm');
    expect(terms.map((write) => write.Put!.Item.SK)).toEqual([
      'SEARCH#ana',
      'SEARCH#client',
      'SEARCH#ana@example.test',
    ]);
    // The count billed is the upload's as read (12 reaches the 10-photo tier), not the request's 3.
    expect(created.numberOfPhotos).toBe(12);
    expect(created.volumeTier).toEqual({ minPhotos: 10, discountPercent: 10 });
    expect(created.subtotalCents).toBe(1800);
    expect(created.totalCents).toBe(Math.round(1800 * 0.9 * 1.5));
    expect(created.jobNumber).toBe('RS-2026-0042');
    expect(created.invoiceNumber).toBe('INV-2026-0042');
    // Unpaid, and work does not start before payment: no due time yet.
    expect(created.dueAt).toBeNull();

    const closing = (writes as Written[]).find(
      (write) => write.Update?.ExpressionAttributeValues?.[':count'] !== undefined,
    )!;
    expect(closing.Update!.ConditionExpression).toContain('attribute_not_exists(#jobId)');
    expect(closing.Update!.ExpressionAttributeValues).toMatchObject({ ':count': 12, ':clientId': 'client-1' });
    const record = (writes as Written[]).find((write) => write.Put?.Item.type === 'Idempotency')!;
    expect(record.Put!.Item).toMatchObject({ jobId: order.id, requestHash: 'hash-1' });
    const job = (writes as Written[])[0]!.Put!.Item;
    expect(job).toMatchObject({ type: 'Job', id: order.id, totalCents: created.totalCents, deliverableCount: 0 });
  });

  it('the demo seed: a link order created delivered and paid, without a notice, waits for approval and is due from payment', () => {
    const paidAt = '2026-11-27T11:00:00.000Z';
    const { created, writes } = creation.jobCreationWrites({
      job: {
        ...order,
        linkType: 'own',
        uploadId: null,
        dropboxLink: 'https://example.test/share',
        status: 'DELIVERED',
        roundDeliveredAt: '2026-11-27T20:00:00.000Z',
        payment: { status: 'PAID', method: 'Credit/Debit Card', currency: 'USD', updatedAt: paidAt, paidAt },
      },
      numbers,
      notify: false,
    });
    const written = kinds(writes);
    // Job, count, three search terms, the approval marker and the timeline: no
    // upload, record or notice.
    expect(written).toHaveLength(7);
    expect(written.filter((kind) => kind.startsWith('Put Outbox'))).toEqual([]);
    expect(created.numberOfPhotos).toBe(3);
    expect(created.dueAt).toBe('2026-11-28T11:00:00.000Z');
  });

  it('counts the job on the shard of its service its id hashes to, refused once a deletion closed it', () => {
    const { writes } = creation.jobCreationWrites({ job: order, numbers, notify: false });
    const counts = (writes as Written[]).filter((write) => write.Update?.Key.PK === `SERVICE_JOBS#${order.serviceId}`);
    expect(counts).toHaveLength(1);
    expect(counts[0]!.Update!.ConditionExpression).toBe('attribute_not_exists(#closed)');
    // Spread over the shards: a hundred orders of one service do not all write one item.
    const shards = new Set(
      Array.from({ length: 100 }, (_, i) => {
        const update = creation.serviceJobShardAdd(
          order.serviceId,
          `01JD0J0B00000000000000J${String(i).padStart(3, '0')}`,
        );
        return (update as Written).Update!.Key.SK;
      }),
    );
    expect(shards.size).toBe(8);
  });
});

describe('a job item read back (jobItemOf)', () => {
  it('parses the item a new job writes, keeping the attributes it does not declare (the index keys)', async () => {
    const { jobItemOf, toJob } = await import('../../src/data/jobs.ts');
    const item = creation.newJobItem(order, numbers);
    const read = jobItemOf(structuredClone(item));
    expect(read).toEqual(item);
    expect(Object.keys(read)).toEqual(expect.arrayContaining(['PK', 'SK', 'GSI1PK', 'GSI3SK']));
    expect(toJob(read).totalPrice).toBe(
      creation.jobCreationWrites({ job: order, numbers, notify: false }).created.totalPrice,
    );
  });

  it('reads a job made before the optional attributes existed', async () => {
    const { jobItemOf, toJob } = await import('../../src/data/jobs.ts');
    const item = creation.newJobItem(order, numbers);
    for (const name of ['jobNumber', 'invoiceNumber', 'turnaround', 'volumeTier', 'dueAt', 'subtotalCents', 'round'])
      delete item[name];
    const job = toJob(jobItemOf(item));
    expect([job.jobNumber, job.turnaround, job.round, job.subtotalCents]).toEqual([null, null, 1, job.totalCents]);
  });

  it('fails on an item it does not understand, naming the job and the attributes, instead of passing it on', async () => {
    const { jobItemOf } = await import('../../src/data/jobs.ts');
    const { StoredItemError } = await import('../../src/data/stored-items.ts');
    const item = { ...creation.newJobItem(order, numbers), status: 'ARCHIVED', totalCents: '1800' };
    expect(() => jobItemOf(item)).toThrow(StoredItemError);
    expect(() => jobItemOf(item)).toThrow(
      /^The stored job 01JD0J0B00000000000000JOB1 does not parse: status: .*; totalCents: /,
    );
  });
});
