import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { currencies, type Currency } from '@studio/shared/currency';
import type { Job, JobPayment, JobStatus } from '@studio/shared/job';
import { priceJob } from '@studio/shared/job-pricing';
import { amountFromCents } from '@studio/shared/money';
import { documentClient } from '../lib/dynamo.ts';
import { isConditionFailed } from '../lib/dynamo-errors.ts';
import {
  clientJobsPartition,
  idempotencyKey,
  jobIndexKeys,
  jobKey,
  jobListSortKeyPrefix,
  keyNames,
  serviceKey,
  tableName,
} from './keys.ts';
import { jobSnapshot, outboxItem } from './outbox.ts';
import { newItemPut, transact, withRetry } from './transactions.ts';

/*
 * Jobs and their idempotency records. See docs/data-model.md (rows Job, Idempotency record;
 * patterns 9, 13, 14, 15).
 *   Job          PK JOB#<id>  SK JOB   GSI1 CLIENT#<clientId> / JOB#<at>#<id>
 *                                     GSI2 EDITOR#<editorId> or UNASSIGNED / JOB#<at>#<id>
 *                                     GSI3 JOBS / <at>#<id>
 *   Idempotency  PK IDEMPOTENCY#<clientId>#<key>  SK IDEMPOTENCY   { jobId, requestHash }
 * Amounts are stored in whole cents so that sums and products are exact; the total is priced by
 * the shared pricing module (`shared/src/job-pricing.ts`), as the quote page prices it.
 */

export interface JobItem {
  type: 'Job';
  id: string;
  clientId: string;
  serviceId: string;
  serviceName: string;
  selectedSubServices: string[];
  subServices: { id: string; name: string; unitPriceCents: number }[];
  currency: Currency;
  linkType: 'own' | 'generate';
  dropboxLink: string | null;
  uploadId: string | null;
  numberOfPhotos: number;
  instructions: string;
  status: JobStatus;
  progress: number;
  editorId: string | null;
  editorDropboxLink: string | null;
  totalCents: number;
  createdAt: string;
  updatedAt: string;
  payment: JobPayment | null;
}

/** Everything a new job holds; the seed sets status, progress and payment, the API never does. */
export type NewJob = Omit<JobItem, 'type' | 'updatedAt' | 'totalCents'>;

/**
 * A payment is in its job's currency. A choice recorded before the two were one type may name a
 * currency of the payment page's list that no job is priced in (IND, CAD, Other); no money moved
 * on it (no provider is called yet), so it reads as the job's currency.
 */
function paymentOf(item: JobItem): JobPayment | null {
  if (!item.payment) return null;
  const known = (currencies as readonly string[]).includes(item.payment.currency);
  return known ? item.payment : { ...item.payment, currency: item.currency };
}

export function toJob(item: JobItem): Job {
  return {
    id: item.id,
    clientId: item.clientId,
    serviceId: item.serviceId,
    serviceName: item.serviceName,
    selectedSubServices: item.selectedSubServices,
    subServices: item.subServices.map((sub) => ({
      id: sub.id,
      name: sub.name,
      unitPriceCents: sub.unitPriceCents,
      unitPrice: amountFromCents(sub.unitPriceCents),
    })),
    currency: item.currency,
    linkType: item.linkType,
    dropboxLink: item.dropboxLink,
    uploadId: item.uploadId,
    numberOfPhotos: item.numberOfPhotos,
    instructions: item.instructions,
    status: item.status,
    progress: item.progress,
    editorId: item.editorId,
    editorDropboxLink: item.editorDropboxLink,
    totalCents: item.totalCents,
    totalPrice: amountFromCents(item.totalCents),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    payment: paymentOf(item),
  };
}

function jobItem(job: NewJob): Record<string, unknown> {
  const item: JobItem = {
    ...job,
    type: 'Job',
    totalCents: priceJob({ lines: job.subServices, photos: job.numberOfPhotos, currency: job.currency }).totalCents,
    updatedAt: job.createdAt,
  };
  return { ...item, ...jobKey(job.id), ...jobIndexKeys(job) };
}

export async function getJob(id: string): Promise<Job | null> {
  const result = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: jobKey(id),
      ConsistentRead: true,
    }),
  );
  return result.Item ? toJob(result.Item as JobItem) : null;
}

/** The job an idempotency key already created for this client, with the hash of the request that did. */
export async function findIdempotentJob(
  clientId: string,
  key: string,
): Promise<{ jobId: string; requestHash: string } | null> {
  const result = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: idempotencyKey(clientId, key),
      ConsistentRead: true,
    }),
  );
  return result.Item ? { jobId: result.Item.jobId as string, requestHash: result.Item.requestHash as string } : null;
}

export type CreateJobResult = { kind: 'created'; job: Job } | { kind: 'replayed'; jobId: string; requestHash: string };

/**
 * Writes the job, its idempotency record (when a key is given) and +1 on the service's `jobCount`
 * in one transaction: all or nothing. Many clients ordering the same service at once contend for
 * the service item, so a transaction cancelled only by such a conflict is retried with jittered
 * backoff. If the idempotency record appeared meanwhile (the same request raced itself), the
 * existing record is returned instead. The outbox item of `job.created` (the client's confirmation,
 * the managers' notice) is part of the same transaction; the demo seed leaves it out.
 */
export async function createJob(
  job: NewJob,
  idempotency?: { key: string; requestHash: string },
  options: { notify?: boolean } = {},
): Promise<CreateJobResult> {
  const item = jobItem(job);
  const created = toJob(item as unknown as JobItem);
  const transactItems = [
    {
      Put: newItemPut(item),
    },
    {
      // Pattern 15: a service with jobs cannot be deleted.
      Update: {
        TableName: tableName(),
        Key: serviceKey(job.serviceId),
        UpdateExpression: 'ADD #count :one',
        // A service being deleted (catalog-admin.ts) takes no new jobs.
        ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#deleting)',
        ExpressionAttributeNames: { '#pk': keyNames.pk, '#count': 'jobCount', '#deleting': 'deleting' },
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
    ...(idempotency
      ? [
          {
            Put: newItemPut({
              ...idempotencyKey(job.clientId, idempotency.key),
              type: 'Idempotency',
              jobId: job.id,
              requestHash: idempotency.requestHash,
              createdAt: job.createdAt,
            }),
          },
        ]
      : []),
    // Last, so that item 2 stays the idempotency record.
    ...(options.notify === false ? [] : [outboxItem({ event: 'job.created', job: jobSnapshot(created) })]),
  ];
  try {
    await withRetry(() => transact(transactItems));
    return { kind: 'created', job: created };
  } catch (error) {
    // Item 2 is the idempotency record: the same request, sent twice at once, got there first.
    if (idempotency && isConditionFailed(error, 2)) {
      const existing = await findIdempotentJob(job.clientId, idempotency.key);
      if (existing) return { kind: 'replayed', ...existing };
    }
    throw error;
  }
}

/** A client's jobs, newest first (pattern 9). Read to the end, up to 1000: a client's own history. */
export async function listJobsOfClient(clientId: string): Promise<Job[]> {
  return listPersonsJobs(keyNames.gsi1, clientJobsPartition(clientId));
}

/**
 * The jobs of one client (GSI1) or editor (GSI2) partition, newest first, read to the end up to
 * 1000: one person's history.
 */
export async function listPersonsJobs(
  index: { name: string; partitionKey: string; sortKey: string },
  partition: string,
): Promise<Job[]> {
  const jobs: Job[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index.name,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': index.partitionKey, '#sk': index.sortKey },
        ExpressionAttributeValues: { ':pk': partition, ':prefix': jobListSortKeyPrefix },
        ScanIndexForward: false,
        ExclusiveStartKey: start,
      }),
    );
    jobs.push(...(page.Items ?? []).map((item) => toJob(item as JobItem)));
    start = page.LastEvaluatedKey;
  } while (start && jobs.length < 1000);
  return jobs;
}

/**
 * Records the client's payment choice as PENDING (pattern 14). The condition repeats the route's
 * checks, so a job paid or cancelled meanwhile, or another client's job, is never changed (409).
 */
export async function recordPaymentChoice(
  id: string,
  clientId: string,
  choice: Pick<JobPayment, 'method' | 'currency'>,
  now = new Date(),
): Promise<Job> {
  const updatedAt = now.toISOString();
  const payment: JobPayment = { status: 'PENDING', method: choice.method, currency: choice.currency, updatedAt };
  const result = await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobKey(id),
      UpdateExpression: 'SET #payment = :payment, #updatedAt = :now',
      ConditionExpression:
        'attribute_exists(#pk) AND #clientId = :clientId AND #status <> :cancelled AND ' +
        '(attribute_not_exists(#payment.#pstatus) OR #payment.#pstatus <> :paid)',
      ExpressionAttributeNames: {
        '#pk': keyNames.pk,
        '#payment': 'payment',
        '#pstatus': 'status',
        '#status': 'status',
        '#updatedAt': 'updatedAt',
        '#clientId': 'clientId',
      },
      ExpressionAttributeValues: {
        ':payment': payment,
        ':now': updatedAt,
        ':clientId': clientId,
        ':cancelled': 'CANCELLED',
        ':paid': 'PAID',
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toJob(result.Attributes as JobItem);
}
