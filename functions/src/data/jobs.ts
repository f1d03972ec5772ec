import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { currencies, currencySchema, type Currency } from '@studio/shared/currency';
import {
  jobClientSchema,
  jobStatuses,
  linkTypes,
  paymentMethods,
  paymentProviders,
  paymentStatuses,
  type Job,
  type JobClient,
  type JobPayment,
} from '@studio/shared/job';
import { imageCountsOf, imageStatuses } from '@studio/shared/images';
import { amountFromCents } from '@studio/shared/money';
import type { Turnaround, VolumeTier } from '@studio/shared/service';
import { documentClient } from '../lib/dynamo.ts';
import { storedItemReader } from './stored-items.ts';
import { clientJobsPartition, idempotencyKey, jobKey, jobListSortKeyPrefix, keyNames, tableName } from './keys.ts';

/*
 * Jobs and their idempotency records. See docs/data-model.md (rows Job, Idempotency record;
 * patterns 9, 13, 14, 15).
 *   Job          PK JOB#<id>  SK JOB   GSI1 CLIENT#<clientId> / JOB#<at>#<id>
 *                                     GSI2 EDITOR#<editorId> or UNASSIGNED / JOB#<at>#<id>
 *                                     GSI3 JOBS / <at>#<id>
 *                                     GSI6 ORG_JOBS#<organisationId> / JOB#<at>#<id> (#35)
 *   Idempotency  PK IDEMPOTENCY#<clientId>#<key>  SK IDEMPOTENCY   { jobId, requestHash }
 * A job's number (#15) and invoice number (#16) are taken from their yearly counters and owned
 * through their number items (yearly-numbers.ts); a job is created by job-creation.ts.
 * Amounts are stored in whole cents so that sums and products are exact; the total is priced by
 * the shared pricing module (`shared/src/job-pricing.ts`), as the quote page prices it.
 */

/**
 * A job's payment as stored: what the API answers (`JobPayment`, whose newer fields are absent
 * on payments recorded before #16) and what only the server uses: the current Checkout Session
 * and how many were started (the idempotency key of the next), the Stripe payment intent, and the
 * refunds asked of Stripe so far.
 */
const paymentFields = {
  status: z.enum(paymentStatuses),
  method: z.enum(paymentMethods),
  /** A currency code; payments chosen before #16 may name one no job is priced in (`paymentOf`). */
  currency: z.string(),
  updatedAt: z.string(),
  provider: z.optional(z.nullable(z.enum(paymentProviders))),
  received: z.optional(z.nullable(z.object({ amountCents: z.number(), currency: z.string() }))),
  paidAt: z.optional(z.nullable(z.string())),
  refundedCents: z.optional(z.number()),
  reference: z.optional(z.nullable(z.string())),
  checkoutSessionId: z.optional(z.nullable(z.string())),
  checkoutAttempt: z.optional(z.number()),
  paymentIntentId: z.optional(z.nullable(z.string())),
  refundRequests: z.optional(z.number()),
  refundRequestedCents: z.optional(z.number()),
};
export type PaymentItem = z.infer<z.ZodMiniObject<typeof paymentFields>>;

/** Images released to the client at least once, approved without being sent back, sent back at least once. */
const reviewFiguresSchema = z.object({ delivered: z.number(), firstTimeApproved: z.number(), sentBack: z.number() });
export type ReviewFigures = z.infer<typeof reviewFiguresSchema>;

/**
 * The job item's attributes, declared once: `JobItem` is their type, and every read of a job goes
 * through `jobItemOf`, which parses the item against them (stored-items.ts). Optional attributes
 * are absent on jobs made before the issue that added them.
 */
const jobItemFields = {
  type: z.literal('Job'),
  id: z.string(),
  /** Absent on jobs created before issue 15. */
  jobNumber: z.optional(z.string()),
  clientId: z.string(),
  /** Absent on jobs ordered before organisations (#35), until the one-off migration sets it. */
  organisationId: z.optional(z.string()),
  /** The style spec and version the job was ordered with (#35); absent or null without one. */
  spec: z.optional(z.nullable(z.object({ id: z.string(), version: z.number(), name: z.string() }))),
  client: z.optional(z.nullable(jobClientSchema)),
  serviceId: z.string(),
  serviceName: z.string(),
  selectedSubServices: z.array(z.string()),
  subServices: z.array(z.object({ id: z.string(), name: z.string(), unitPriceCents: z.number() })),
  currency: currencySchema,
  linkType: z.enum(linkTypes),
  dropboxLink: z.nullable(z.string()),
  uploadId: z.nullable(z.string()),
  numberOfPhotos: z.number(),
  instructions: z.string(),
  status: z.enum(jobStatuses),
  progress: z.number(),
  editorId: z.nullable(z.string()),
  editorDropboxLink: z.nullable(z.string()),
  deliverableCount: z.optional(z.number()),
  /** #15: when the studio last uploaded a finished file. */
  deliveredAt: z.optional(z.string()),
  totalCents: z.number(),
  /** #17: the price's breakdown, the turnaround and tier it was priced with, the due time. Absent before #17. */
  subtotalCents: z.optional(z.number()),
  discountCents: z.optional(z.number()),
  rushSurchargeCents: z.optional(z.number()),
  turnaround: z.optional(
    z.nullable(z.object({ id: z.string(), name: z.string(), hours: z.number(), multiplier: z.number() })),
  ),
  volumeTier: z.optional(z.nullable(z.object({ minPhotos: z.number(), discountPercent: z.number() }))),
  dueAt: z.optional(z.nullable(z.string())),
  /** The due time the overdue notice went out for (job-overdue.ts); absent before one. */
  overdueNoticeFor: z.optional(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  payment: z.nullable(z.object(paymentFields)),
  /** Absent on jobs created before invoices (#16). */
  invoiceNumber: z.optional(z.string()),
  /** Issue 17: the delivery round (absent: 1), the current round's delivery time, approval, cancellation request. */
  round: z.optional(z.number()),
  roundDeliveredAt: z.optional(z.nullable(z.string())),
  approvedAt: z.optional(z.nullable(z.string())),
  cancellationRequest: z.optional(
    z.nullable(
      z.object({
        status: z.enum(['PENDING', 'ACCEPTED', 'DECLINED']),
        reason: z.string(),
        requestedAt: z.string(),
        decidedAt: z.nullable(z.string()),
      }),
    ),
  ),
  /** #33: images per status (a job made of an upload of images), the version of those counts, and
   * the images released when the last "N of M delivered" e-mail went out. */
  imageCounts: z.optional(z.partialRecord(z.enum(imageStatuses), z.number())),
  imagesVersion: z.optional(z.number()),
  imageDigestCount: z.optional(z.number()),
  /** #34: first-time approval so far, kept by the transactions that change the images (absent: zeros). */
  reviewFigures: z.optional(reviewFiguresSchema),
};

export type JobItem = z.infer<z.ZodMiniObject<typeof jobItemFields>>;

/** A job item as read from the table, parsed; a `StoredItemError` (a 500) if it is not one. */
export const jobItemOf = storedItemReader('job', jobItemFields);

export function reviewFiguresOf(job: Pick<JobItem, 'reviewFigures'>): ReviewFigures {
  return {
    delivered: job.reviewFigures?.delivered ?? 0,
    firstTimeApproved: job.reviewFigures?.firstTimeApproved ?? 0,
    sentBack: job.reviewFigures?.sentBack ?? 0,
  };
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
  | 'imageCounts'
  | 'imagesVersion'
  | 'imageDigestCount'
  | 'reviewFigures'
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
    organisationId: item.organisationId ?? null,
    spec: item.spec ?? null,
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
    imageCounts: item.imageCounts ? imageCountsOf(item.imageCounts) : null,
  };
}

/** Whether a job's status and progress follow its images (#33): made of uploaded photos, counted. */
export function hasImages(job: Pick<JobItem, 'imageCounts'> | Pick<Job, 'imageCounts'>): boolean {
  return job.imageCounts !== undefined && job.imageCounts !== null;
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
  return result.Item ? jobItemOf(result.Item) : null;
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
    jobs.push(...(page.Items ?? []).map((item) => toJob(jobItemOf(item))));
    start = page.LastEvaluatedKey;
  } while (start && jobs.length < 1000);
  return jobs;
}
