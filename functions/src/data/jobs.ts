import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { currencies, type Currency } from '@studio/shared/currency';
import { formatInvoiceNumber } from '@studio/shared/invoice';
import type { Job, JobPayment, JobStatus, paymentProviders } from '@studio/shared/job';
import { priceJob } from '@studio/shared/job-pricing';
import { amountFromCents } from '@studio/shared/money';
import { documentClient } from '../lib/dynamo.ts';
import { isConditionFailed } from '../lib/dynamo-errors.ts';
import {
  clientJobsPartition,
  idempotencyKey,
  invoiceCounterKey,
  invoiceNumberKey,
  jobIndexKeys,
  jobKey,
  jobListSortKeyPrefix,
  keyNames,
  serviceKey,
  tableName,
} from './keys.ts';
import { newItemPut, transact, withRetry } from './transactions.ts';

/*
 * Jobs and their idempotency records. See docs/data-model.md (rows Job, Idempotency record;
 * patterns 9, 13, 14, 15).
 *   Job          PK JOB#<id>  SK JOB   GSI1 CLIENT#<clientId> / JOB#<at>#<id>
 *                                     GSI2 EDITOR#<editorId> or UNASSIGNED / JOB#<at>#<id>
 *                                     GSI3 JOBS / <at>#<id>
 *   Idempotency  PK IDEMPOTENCY#<clientId>#<key>  SK IDEMPOTENCY   { jobId, requestHash }
 *   Invoice      PK INVOICE_COUNTER#<year>  SK COUNTER  { last }; PK INVOICE#<number>  SK INVOICE  { jobId }
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
  payment: PaymentItem | null;
  /** Absent on jobs created before invoices (#16). */
  invoiceNumber?: string;
}

/**
 * A job's payment as stored: what the API answers (`JobPayment`, whose newer fields are absent
 * on payments recorded before #16) and what only the server uses: the current Checkout Session
 * and how many were started (the idempotency key of the next), the Stripe payment intent, and the
 * refunds asked of Stripe so far.
 */
export interface PaymentItem {
  status: JobPayment['status'];
  method: JobPayment['method'];
  currency: string;
  updatedAt: string;
  provider?: (typeof paymentProviders)[number] | null;
  received?: { amountCents: number; currency: string } | null;
  paidAt?: string | null;
  refundedCents?: number;
  reference?: string | null;
  checkoutSessionId?: string | null;
  checkoutAttempt?: number;
  paymentIntentId?: string | null;
  refundRequests?: number;
  refundRequestedCents?: number;
}

/** Everything a new job holds; the seed sets status, progress and payment, the API never does. */
export type NewJob = Omit<JobItem, 'type' | 'updatedAt' | 'totalCents' | 'invoiceNumber'>;

/**
 * A payment is in its job's currency. A choice recorded before the two were one type may name a
 * currency of the payment page's list that no job is priced in (IND, CAD, Other); no money moved
 * on it, so it reads as the job's currency. Fields added by #16 read as empty when absent.
 */
function paymentOf(item: JobItem): JobPayment | null {
  const stored = item.payment;
  if (!stored) return null;
  const known = (currencies as readonly string[]).includes(stored.currency);
  return {
    status: stored.status,
    method: stored.method,
    currency: known ? (stored.currency as Currency) : item.currency,
    updatedAt: stored.updatedAt,
    provider: stored.provider ?? null,
    received: stored.received ?? null,
    paidAt: stored.paidAt ?? null,
    refundedCents: stored.refundedCents ?? 0,
    reference: stored.reference ?? null,
  };
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
    invoiceNumber: item.invoiceNumber ?? null,
  };
}

function jobItem(job: NewJob, invoiceNumber: string): Record<string, unknown> {
  const item: JobItem = {
    ...job,
    type: 'Job',
    totalCents: priceJob({ lines: job.subServices, photos: job.numberOfPhotos, currency: job.currency }).totalCents,
    updatedAt: job.createdAt,
    invoiceNumber,
  };
  return { ...item, ...jobKey(job.id), ...jobIndexKeys(job) };
}

/** The job as stored, with the payment fields only the server reads (strongly consistent). */
export async function getJobItem(id: string): Promise<JobItem | null> {
  const result = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: jobKey(id),
      ConsistentRead: true,
    }),
  );
  return (result.Item as JobItem | undefined) ?? null;
}

export async function getJob(id: string): Promise<Job | null> {
  const item = await getJobItem(id);
  return item ? toJob(item) : null;
}

/**
 * Takes the next invoice number of `year` (pattern 27): an atomic increment of the year's counter,
 * so every caller gets its own number in one round trip however many order at once. A number
 * taken is never given again.
 */
async function takeInvoiceSequence(year: number): Promise<number> {
  const result = await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: invoiceCounterKey(year),
      UpdateExpression: 'ADD #last :one SET #type = :type',
      ExpressionAttributeNames: { '#last': 'last', '#type': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':type': 'InvoiceCounter' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return result.Attributes!.last as number;
}

/**
 * Records an invoice number whose job was not created (the transaction refused it), so the
 * sequence has no unexplained gap. Best effort: the number is never reused either way.
 */
async function voidInvoiceNumber(invoiceNumber: string, jobId: string, reason: string): Promise<void> {
  await documentClient
    .send(
      new PutCommand(
        newItemPut({
          ...invoiceNumberKey(invoiceNumber),
          type: 'InvoiceNumber',
          invoiceNumber,
          jobId,
          void: true,
          reason,
          createdAt: new Date().toISOString(),
        }),
      ),
    )
    .catch(() => undefined);
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
 * Writes the job, its invoice number, its idempotency record (when a key is given) and +1 on the
 * service's `jobCount` in one transaction: all or nothing.
 *
 * The invoice number (`INV-<year>-<n>`) is taken from the year's counter just before (pattern 27),
 * and the transaction puts an item named by it that must not exist, beside the job: a number
 * belongs to one job. Numbers are consecutive in the order jobs are created; if the transaction is
 * refused, the number is recorded as void rather than given again. Many clients ordering the same
 * service at once contend for the service item, so a transaction cancelled only by such a conflict
 * is retried with jittered backoff. If the idempotency record appeared meanwhile (the same request
 * raced itself), the existing record is returned instead.
 */
export async function createJob(
  job: NewJob,
  idempotency?: { key: string; requestHash: string },
): Promise<CreateJobResult> {
  const year = new Date(job.createdAt).getUTCFullYear();
  const invoiceNumber = formatInvoiceNumber(year, await takeInvoiceSequence(year));
  const item = jobItem(job, invoiceNumber);
  const transactItems = [
    {
      Put: newItemPut({
        ...invoiceNumberKey(invoiceNumber),
        type: 'InvoiceNumber',
        invoiceNumber,
        jobId: job.id,
        createdAt: job.createdAt,
      }),
    },
    { Put: newItemPut(item) },
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
  ];
  try {
    await withRetry(() => transact(transactItems));
    return { kind: 'created', job: toJob(item as unknown as JobItem) };
  } catch (error) {
    // Item 3 is the idempotency record: the same request, sent twice at once, got there first.
    const replayed = idempotency !== undefined && isConditionFailed(error, 3);
    await voidInvoiceNumber(
      invoiceNumber,
      job.id,
      replayed ? 'the same order was sent twice' : 'the job was not created',
    );
    if (replayed) {
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
