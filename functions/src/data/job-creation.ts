import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Job } from '@studio/shared/job';
import { emptyImageCounts } from '@studio/shared/images';
import { priceJob } from '@studio/shared/job-pricing';
import { isConditionFailed } from '../lib/dynamo-errors.ts';
import { needsMarkerWrites } from './job-needs.ts';
import {
  idempotencyKey,
  jobIndexKeys,
  openJobIndexKeys,
  jobKey,
  keyNames,
  serviceJobShardCount,
  serviceJobShardKey,
  serviceJobsPartition,
  shardOf,
  tableName,
  uploadKey,
} from './keys.ts';
import { getUpload, type Upload } from './job-files.ts';
import { jobSearchItems } from './job-search-terms.ts';
import { awaitingApprovalPut } from './job-lifecycle.ts';
import { actors, timelineEntryPut } from './job-timeline.ts';
import { dueAtFrom, findIdempotentJob, toJob, type JobItem, type NewJob } from './jobs.ts';
import { jobSnapshot, outboxItem } from './outbox.ts';
import { newItemPut, transact, withRetry } from './transactions.ts';
import { invoiceNumbers, jobNumbers, takeYearlyNumber, voidYearlyNumber } from './yearly-numbers.ts';

/*
 * Creating a job (docs/data-model.md, patterns 13 and 15): pure builders decide every item the
 * creation writes from what was read (`jobCreationWrites`, unit-tested without a table), and
 * `createJob` reads, takes the numbers, and writes them in one transaction.
 */

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The numbers a new job bears (#15, #16), taken from their yearly counters. */
export interface JobNumbers {
  jobNumber: string;
  invoiceNumber: string;
}

/** The stored job item of a new job, priced by the one pricing module, with its keys. */
export function newJobItem(job: NewJob, numbers: JobNumbers): JobItem & Record<string, unknown> {
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
    // Which count of its service's jobs it is on (pattern 15); jobs from before have none and are
    // on the service item's own `jobCount`.
    serviceJobShard: shardOf(job.id, serviceJobShardCount),
    ...jobKey(job.id),
    ...jobIndexKeys(job),
    ...openJobIndexKeys({ ...job, dueAt: item.dueAt ?? null }),
  };
}

/**
 * +1 on the count of the service's jobs (pattern 15: a service with jobs cannot be deleted), in
 * the shard the job's id hashes to. Refused once the service's deletion has closed its shards.
 */
export function serviceJobShardAdd(serviceId: string, jobId: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: serviceJobShardKey(serviceId, shardOf(jobId, serviceJobShardCount)),
      UpdateExpression: 'SET #type = :type ADD #count :one',
      ConditionExpression: 'attribute_not_exists(#closed)',
      ExpressionAttributeNames: { '#type': 'type', '#count': 'jobCount', '#closed': 'closed' },
      ExpressionAttributeValues: { ':type': 'ServiceJobCount', ':one': 1 },
    },
  };
}

/**
 * Closes the client's open upload for the job: no photo joins it, and no upload link is given for
 * it, any more. Conditional on the confirmed count read, so a photo confirmed meanwhile cancels
 * the creation (and the count billed is the count closed).
 */
export function uploadCloseUpdate(
  uploadId: string,
  closing: { jobId: string; jobNumber: string; clientId: string; photoCount: number; now: string },
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: uploadKey(uploadId),
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
        ':jobId': closing.jobId,
        ':jobNumber': closing.jobNumber,
        ':now': closing.now,
        ':clientId': closing.clientId,
        ':count': closing.photoCount,
      },
    },
  };
}

/** The record that answers a repeat of the same order with the job it made (pattern 13). */
export function idempotencyRecordPut(
  clientId: string,
  idempotency: { key: string; requestHash: string },
  jobId: string,
  createdAt: string,
): TransactItem {
  return {
    Put: newItemPut({
      ...idempotencyKey(clientId, idempotency.key),
      type: 'Idempotency',
      jobId,
      requestHash: idempotency.requestHash,
      createdAt,
    }),
  };
}

/** What a job's creation writes, as decided from what was read. */
export interface JobCreation {
  job: NewJob;
  numbers: JobNumbers;
  /**
   * The open upload the job is made of, with its confirmed count as read (what is billed) and how
   * many of its photos are images (#33: all of them, unless some were confirmed before images).
   */
  upload?: { uploadId: string; photoCount: number; imageCount?: number };
  idempotency?: { key: string; requestHash: string };
  /** false: no `job.created` outbox item (the demo seed: demo history is not news). */
  notify: boolean;
}

/**
 * Every item of a job's creation, all or nothing: the job, +1 on its service's count, the
 * closing of its upload, its idempotency record, the outbox item of `job.created` (#18), the
 * awaiting-approval marker of a job created delivered (the demo seed), the search terms of its
 * client (#40: up to six name words and the e-mail) and the timeline's first entry. Its numbers'
 * items were written as they were taken. At most fourteen items, whatever the number of photos:
 * the photos stay under their upload. Pure: no read, no write.
 */
export function jobCreationWrites(creation: JobCreation): { created: Job; writes: TransactItem[] } {
  const { numbers, upload, idempotency, notify } = creation;
  const job = upload ? { ...creation.job, numberOfPhotos: upload.photoCount } : creation.job;
  const item = newJobItem(job, numbers);
  // #33: the upload's photos are its images, all RECEIVED; an upload with photos confirmed before
  // images existed gets its counts from the migration (pattern 75) instead.
  if (upload && upload.imageCount === upload.photoCount) {
    item.imageCounts = { ...emptyImageCounts(), RECEIVED: upload.photoCount };
    item.imagesVersion = 0;
  }
  const created = toJob(item);
  const { numberOfPhotos } = job;
  const writes: TransactItem[] = [
    { Put: newItemPut(item) },
    // Each number's item was written when it was taken, naming this job (yearly-numbers.ts).
    serviceJobShardAdd(job.serviceId, job.id),
  ];
  if (upload) {
    writes.push(
      uploadCloseUpdate(upload.uploadId, {
        jobId: job.id,
        jobNumber: numbers.jobNumber,
        clientId: job.clientId,
        photoCount: upload.photoCount,
        now: job.createdAt,
      }),
    );
  }
  if (idempotency) writes.push(idempotencyRecordPut(job.clientId, idempotency, job.id, job.createdAt));
  // The client's confirmation and the managers' notice (#18), with the job's number.
  if (notify) writes.push(outboxItem({ event: 'job.created', job: jobSnapshot(created) }));
  // A job created delivered (the demo seed) waits for the client's answer like any delivery (#17).
  if (job.status === 'DELIVERED' && job.roundDeliveredAt) {
    writes.push(awaitingApprovalPut(job.id, job.roundDeliveredAt));
  }
  // Unassigned and unpaid until someone acts (#40, item 9: what needs action).
  writes.push(...needsMarkerWrites(null, created));
  // What a manager finds the job by: its client's name and e-mail (#40, pattern 62).
  for (const search of jobSearchItems(job)) writes.push({ Put: { TableName: tableName(), Item: search } });
  // The timeline's first entry (#17).
  writes.push(
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
  );
  return { created, writes };
}

export type CreateJobResult =
  | { kind: 'created'; job: Job }
  | { kind: 'replayed'; jobId: string; requestHash: string }
  /** The upload cannot make a job: nothing confirmed in it, another client's, or closed already. */
  | { kind: 'upload-refused'; reason: 'empty' | 'closed'; upload: Upload | null }
  /** The count the request named is not the upload's confirmed count. */
  | { kind: 'count-mismatch'; photoCount: number }
  /** The service was deleted (or is being deleted) since it was read. */
  | { kind: 'service-closed' };

/** Both numbers of a new job, each claimed with its item; the first is void if the second fails. */
async function takeNumbers(job: NewJob, year: number): Promise<JobNumbers> {
  const owner = { jobId: job.id, createdAt: job.createdAt };
  const jobNumber = await takeYearlyNumber(jobNumbers, year, owner);
  try {
    return { jobNumber, invoiceNumber: await takeYearlyNumber(invoiceNumbers, year, owner) };
  } catch (error) {
    await voidYearlyNumber(jobNumbers, jobNumber, { jobId: job.id, reason: 'the job was not created' });
    throw error;
  }
}

/**
 * Reads what the creation is conditional on, then writes `jobCreationWrites` in one transaction.
 *
 * Each attempt reads the idempotency record (a repeat answers the job it made) and the upload (its
 * confirmed count is what is billed; the upload must be the client's and open). A transaction
 * cancelled because either moved meanwhile (a photo was confirmed, the same request raced itself)
 * or by another writer is read again and retried with jittered backoff, keeping the numbers it
 * reserved.
 *
 * Both numbers (`RS-<year>-<n>` and `INV-<year>-<n>`, pattern 27) are taken once per order, on
 * the first attempt that gets as far, from their yearly counters (`takeYearlyNumber`), each
 * claimed with its item naming the job, so a number belongs to one job. Numbers follow the order
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
  let numbers: JobNumbers | undefined;
  const attempt = () =>
    withRetry(
      async (): Promise<CreateJobResult> => {
        if (idempotency) {
          const existing = await findIdempotentJob(job.clientId, idempotency.key);
          if (existing) return { kind: 'replayed', ...existing };
        }
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
        }
        numbers ??= await takeNumbers(job, year);
        const { created, writes } = jobCreationWrites({
          job,
          numbers,
          ...(upload && current
            ? {
                upload: {
                  uploadId: upload.uploadId,
                  photoCount: current.photoCount,
                  imageCount: current.imageCount,
                },
              }
            : {}),
          ...(idempotency ? { idempotency } : {}),
          notify,
        });
        try {
          await transact(writes);
        } catch (error) {
          // The service's deletion closed its count of jobs since the route read it.
          const count = writes.findIndex(
            (write) => write.Update?.Key?.[keyNames.pk] === serviceJobsPartition(job.serviceId),
          );
          if (isConditionFailed(error, count)) return { kind: 'service-closed' };
          throw error;
        }
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
