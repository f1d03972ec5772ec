import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { currencies, type Currency } from '@studio/shared/currency';
import type { Job, JobClient, JobPayment, JobStatus, paymentProviders } from '@studio/shared/job';
import { priceJob } from '@studio/shared/job-pricing';
import { amountFromCents } from '@studio/shared/money';
import type { Turnaround, VolumeTier } from '@studio/shared/service';
import { documentClient } from '../lib/dynamo.ts';
import {
  clientJobsPartition,
  idempotencyKey,
  jobIndexKeys,
  openJobIndexKeys,
  jobKey,
  jobListSortKeyPrefix,
  keyNames,
  serviceKey,
  tableName,
  uploadKey,
} from './keys.ts';
import { getUpload, type Upload } from './job-files.ts';
import { awaitingApprovalPut } from './job-lifecycle.ts';
import { actors, timelineEntryPut } from './job-timeline.ts';
import { jobSnapshot, outboxItem } from './outbox.ts';
import { newItemPut, transact, withRetry } from './transactions.ts';
import { jobSearchItems } from './job-search-terms.ts';
import { invoiceNumbers, jobNumbers, numberItemPut, takeYearlyNumber, voidYearlyNumber } from './yearly-numbers.ts';

/*
 * Jobs and their idempotency records. See docs/data-model.md (rows Job, Idempotency record;
 * patterns 9, 13, 14, 15).
 *   Job          PK JOB#<id>  SK JOB   GSI1 CLIENT#<clientId> / JOB#<at>#<id>
 *                                     GSI2 EDITOR#<editorId> or UNASSIGNED / JOB#<at>#<id>
 *                                     GSI3 JOBS / <at>#<id>
 *   Idempotency  PK IDEMPOTENCY#<clientId>#<key>  SK IDEMPOTENCY   { jobId, requestHash }
 * A job's number (#15) and invoice number (#16) are taken from their yearly counters and owned
 * through their number items (yearly-numbers.ts).
 * Amounts are stored in whole cents so that sums and products are exact; the total is priced by
 * the shared pricing module (`shared/src/job-pricing.ts`), as the quote page prices it.
 */

export interface JobItem {
  type: 'Job';
  id: string;
  /** Absent on jobs created before issue 15. */
  jobNumber?: string;
  clientId: string;
  client?: JobClient | null;
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
  deliverableCount?: number;
  totalCents: number;
  /** #17: the price's breakdown, the turnaround and tier it was priced with, the due time. Absent before #17. */
  subtotalCents?: number;
  discountCents?: number;
  rushSurchargeCents?: number;
  turnaround?: Turnaround | null;
  volumeTier?: VolumeTier | null;
  dueAt?: string | null;
  createdAt: string;
  updatedAt: string;
  payment: PaymentItem | null;
  /** Absent on jobs created before invoices (#16). */
  invoiceNumber?: string;
  /** Issue 17: the delivery round (absent: 1), the current round's delivery time, approval, cancellation request. */
  round?: number;
  roundDeliveredAt?: string | null;
  approvedAt?: string | null;
  cancellationRequest?: NonNullable<Job['cancellationRequest']> | null;
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

/**
 * Everything a new job holds; the seed sets status, progress and payment, the API never does. The
 * numbers are given by `createJob`, and with an upload the photo count is the upload's.
 */
export type NewJob = Omit<
  JobItem,
  | 'type'
  | 'updatedAt'
  | 'totalCents'
  | 'jobNumber'
  | 'deliverableCount'
  | 'client'
  | 'invoiceNumber'
  | 'round'
  | 'approvedAt'
  | 'cancellationRequest'
  | 'subtotalCents'
  | 'discountCents'
  | 'rushSurchargeCents'
  | 'turnaround'
  | 'volumeTier'
  | 'dueAt'
> & {
  client: JobClient | null;
  /** The turnaround ordered (#17); null: none (x1.0, no due time). */
  turnaround: Turnaround | null;
  /** The service's volume tiers; the job stores the one its photo count reaches. */
  volumeTiers: readonly VolumeTier[];
  /**
   * Set the due time from creation (the studio releases work before payment, #17); otherwise it
   * is set when the job is paid.
   */
  dueFromCreation?: boolean;
};

/** The due time of work that starts at `start`, given the job's turnaround; null without one. */
export function dueAtFrom(start: string, turnaround: Pick<Turnaround, 'hours'> | null | undefined): string | null {
  if (!turnaround) return null;
  return new Date(Date.parse(start) + turnaround.hours * 3_600_000).toISOString();
}

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
    jobNumber: item.jobNumber ?? null,
    clientId: item.clientId,
    client: item.client ?? null,
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
    deliverableCount: item.deliverableCount ?? 0,
    totalCents: item.totalCents,
    totalPrice: amountFromCents(item.totalCents),
    subtotalCents: item.subtotalCents ?? item.totalCents,
    discountCents: item.discountCents ?? 0,
    rushSurchargeCents: item.rushSurchargeCents ?? 0,
    turnaround: item.turnaround ?? null,
    volumeTier: item.volumeTier ?? null,
    dueAt: item.dueAt ?? null,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    payment: paymentOf(item),
    invoiceNumber: item.invoiceNumber ?? null,
    round: item.round ?? 1,
    roundDeliveredAt: item.roundDeliveredAt ?? null,
    cancellationRequest: item.cancellationRequest ?? null,
  };
}

function jobItem(job: NewJob, numbers: { jobNumber: string; invoiceNumber: string }): Record<string, unknown> {
  const { volumeTiers, dueFromCreation, ...fields } = job;
  // The one pricing module (#17): the breakdown stored is the one the quote page showed.
  const price = priceJob({
    lines: job.subServices,
    photos: job.numberOfPhotos,
    currency: job.currency,
    turnaround: job.turnaround,
    volumeTiers,
  });
  // Paid already (the demo seed): due from payment; else from creation when work starts unpaid.
  const paidAt = job.payment?.status === 'PAID' ? (job.payment.paidAt ?? null) : null;
  const start = paidAt ?? (dueFromCreation ? job.createdAt : null);
  const item: JobItem = {
    ...fields,
    jobNumber: numbers.jobNumber,
    deliverableCount: 0,
    type: 'Job',
    totalCents: price.totalCents,
    subtotalCents: price.subtotalCents,
    discountCents: price.discountCents,
    rushSurchargeCents: price.rushSurchargeCents,
    volumeTier: price.volumeTier,
    dueAt: start ? dueAtFrom(start, job.turnaround) : null,
    updatedAt: job.createdAt,
    invoiceNumber: numbers.invoiceNumber,
  };
  return {
    ...item,
    ...jobKey(job.id),
    ...jobIndexKeys(job),
    ...openJobIndexKeys({ ...job, dueAt: item.dueAt ?? null }),
  };
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

export type CreateJobResult =
  | { kind: 'created'; job: Job }
  | { kind: 'replayed'; jobId: string; requestHash: string }
  /** The upload cannot make a job: nothing confirmed in it, another client's, or closed already. */
  | { kind: 'upload-refused'; reason: 'empty' | 'closed'; upload: Upload | null }
  /** The count the request named is not the upload's confirmed count. */
  | { kind: 'count-mismatch'; photoCount: number };

/**
 * Writes the job with its job and invoice numbers (#16), the numbers' items, +1 on the service's
 * `jobCount`, the closing of its upload, its idempotency record and the outbox item of
 * `job.created` (#18; the demo seed leaves it out), in one transaction: all or nothing (at most
 * seven items, whatever the number of photos: the photos stay under their upload).
 *
 * Each attempt reads what the transaction is conditional on: the idempotency record (a repeat
 * answers the job it made) and the upload (its confirmed count is what is billed; the upload must
 * be the client's and open). A transaction cancelled because either moved meanwhile (a photo was
 * confirmed, the same request raced itself) or by another writer is read again and retried with
 * jittered backoff, keeping the number it reserved.
 *
 * Both numbers (`RS-<year>-<n>` and `INV-<year>-<n>`, pattern 27) are taken once per order, on
 * the first attempt that gets as far, from their yearly counters (`takeYearlyNumber`); the
 * transaction puts each number's item, so a number belongs to one job. Numbers follow the order
 * in which jobs are created; a number whose job is not created after all is recorded as void,
 * never given again.
 */
export async function createJob(
  job: NewJob,
  options: {
    idempotency?: { key: string; requestHash: string };
    /** linkType `generate`: the upload to close; `expectedPhotos` is the count the request named. */
    upload?: { uploadId: string; expectedPhotos?: number };
    /** false: no `job.created` outbox item (the demo seed: demo history is not news). */
    notify?: boolean;
  } = {},
): Promise<CreateJobResult> {
  const { idempotency, upload, notify = true } = options;
  const year = new Date(job.createdAt).getUTCFullYear();
  let numbers: { jobNumber: string; invoiceNumber: string } | undefined;
  const attempt = () =>
    withRetry(
      async (): Promise<CreateJobResult> => {
        if (idempotency) {
          const existing = await findIdempotentJob(job.clientId, idempotency.key);
          if (existing) return { kind: 'replayed', ...existing };
        }
        let numberOfPhotos = job.numberOfPhotos;
        let current: Upload | null = null;
        if (upload) {
          current = await getUpload(upload.uploadId);
          if (!current || current.clientId !== job.clientId || current.photoCount === 0) {
            return { kind: 'upload-refused', reason: 'empty', upload: null };
          }
          if (current.jobId) return { kind: 'upload-refused', reason: 'closed', upload: current };
          if (upload.expectedPhotos !== undefined && upload.expectedPhotos !== current.photoCount) {
            return { kind: 'count-mismatch', photoCount: current.photoCount };
          }
          numberOfPhotos = current.photoCount;
        }
        numbers ??= {
          jobNumber: await takeYearlyNumber(jobNumbers, year),
          invoiceNumber: await takeYearlyNumber(invoiceNumbers, year),
        };
        const { jobNumber, invoiceNumber } = numbers;
        const item = jobItem({ ...job, numberOfPhotos }, numbers);
        const created = toJob(item as unknown as JobItem);
        await transact([
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
          // Each number is unique: its item exists once, written with the one job that bears it.
          { Put: numberItemPut(jobNumbers, jobNumber, { jobId: job.id, createdAt: job.createdAt }) },
          { Put: numberItemPut(invoiceNumbers, invoiceNumber, { jobId: job.id, createdAt: job.createdAt }) },
          ...(upload && current
            ? [
                {
                  // Closes the upload: no photo joins it, and no upload link is given for it, any more.
                  Update: {
                    TableName: tableName(),
                    Key: uploadKey(upload.uploadId),
                    UpdateExpression: 'SET #jobId = :jobId, #jobNumber = :jobNumber, #closedAt = :now',
                    ConditionExpression: '#clientId = :clientId AND #count = :count AND attribute_not_exists(#jobId)',
                    ExpressionAttributeNames: {
                      '#jobId': 'jobId',
                      '#jobNumber': 'jobNumber',
                      '#closedAt': 'closedAt',
                      '#clientId': 'clientId',
                      '#count': 'photoCount',
                    },
                    ExpressionAttributeValues: {
                      ':jobId': job.id,
                      ':jobNumber': jobNumber,
                      ':now': job.createdAt,
                      ':clientId': job.clientId,
                      ':count': current.photoCount,
                    },
                  },
                },
              ]
            : []),
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
          // The client's confirmation and the managers' notice (#18), with the job's number.
          ...(notify ? [outboxItem({ event: 'job.created', job: jobSnapshot(created) })] : []),
          // A job created delivered (the demo seed) waits for the client's answer like any delivery (#17).
          ...(job.status === 'DELIVERED' && job.roundDeliveredAt
            ? [awaitingApprovalPut(job.id, job.roundDeliveredAt)]
            : []),
          // What a manager finds the job by: its client's name and e-mail (#40, pattern 62).
          ...jobSearchItems({ id: job.id, createdAt: job.createdAt, client: job.client }).map((search) => ({
            Put: { TableName: tableName(), Item: search },
          })),
          // The timeline's first entry (#17).
          timelineEntryPut(
            job.id,
            job.createdAt,
            {
              kind: 'created',
              action: 'created',
              summary: `Ordered: ${numberOfPhotos} ${numberOfPhotos === 1 ? 'photo' : 'photos'} of ${job.serviceName}`,
              details: { numberOfPhotos, totalCents: created.totalCents, currency: job.currency },
            },
            actors.client(job.clientId),
          ),
        ]);
        return { kind: 'created', job: created };
      },
      { retryFailedConditions: true },
    );
  const voidNumbers = async (reason: string) => {
    if (!numbers) return;
    await Promise.all([
      voidYearlyNumber(jobNumbers, numbers.jobNumber, { jobId: job.id, reason }),
      voidYearlyNumber(invoiceNumbers, numbers.invoiceNumber, { jobId: job.id, reason }),
    ]);
  };
  let result: CreateJobResult;
  try {
    result = await attempt();
  } catch (error) {
    await voidNumbers('the job was not created');
    throw error;
  }
  // Numbers taken on an attempt that then found the order made already, or refused, are void.
  if (result.kind !== 'created') {
    await voidNumbers(result.kind === 'replayed' ? 'the same order was sent twice' : 'the job was not created');
  }
  return result;
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
