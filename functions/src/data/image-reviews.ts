import { imageCountsOf, type ImageStatus } from '@studio/shared/images';
import type {
  Annotation,
  ImageReview,
  ImageReviewBody,
  ImageReviewSummary,
  ReviewDecision,
} from '@studio/shared/image-review';
import type { Job } from '@studio/shared/job';
import type { HistoryActor } from '@studio/shared/payment';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import { commitImageChanges, type ImageChange, type ImageChangeResult } from './image-changes.ts';
import { getImages, type ImageItem } from './images.ts';
import type { Upload } from './job-files.ts';
import { approveDelivery, listRevisions, revisionParts, type StoredRevision } from './job-lifecycle.ts';
import { timelineEntryPut } from './job-timeline.ts';
import { getJobItem, hasImages, reviewFiguresOf, toJob, type JobItem } from './jobs.ts';
import { imageReviewsPrefix, imageStatusPartition, keyNames, reviewKey, tableName, uploadPartition } from './keys.ts';
import { outboxItem } from './outbox.ts';
import { queryPages } from './query-all.ts';
import { withRetry } from './transactions.ts';

/*
 * The client's review of each image (#34; docs/data-model.md patterns 80-84, docs/decisions/
 * image-review.md). A decision on a DELIVERED image moves it to APPROVED or REJECTED through
 * `commitImageChanges` (the job's counts and figures with it) and stores the review as its own item
 * in the upload's partition, the image keeping a summary for lists:
 *   Review  UPLOAD#<uploadId> / REVIEW#<imageId>#<round, 3 digits>
 * "Approve all remaining", the job's approval and a revision request move many images: they read
 * the images of one status (GSI1) page by page and write chunks, each one transaction.
 */

/** Images per transaction of a sweep that writes the image alone (an approval): 90 and the job's items. */
const approvalsPerTransaction = 90;
/** Images per transaction of a send-back, which also marks each image's review item sent. */
const sendBacksPerTransaction = 45;

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** Shapes as stored: coordinates rounded to 4 decimals (a 10,000 px image to the pixel). */
export function storedAnnotations(annotations: readonly Annotation[] | undefined): Annotation[] {
  return (annotations ?? []).map((annotation) => ({
    kind: annotation.kind,
    points: annotation.points.map(([x, y]) => [round4(x), round4(y)] as [number, number]),
    comment: annotation.comment,
  }));
}

export interface StoredReview extends ImageReview {
  imageId: string;
  by: string;
}

function toReview(item: Record<string, unknown>): StoredReview {
  return {
    imageId: item.imageId as string,
    round: item.round as number,
    decision: item.decision as ReviewDecision,
    comment: (item.comment as string | null | undefined) ?? null,
    annotations: (item.annotations as Annotation[] | undefined) ?? [],
    versionId: (item.versionId as string | null | undefined) ?? null,
    decidedAt: item.decidedAt as string,
    by: item.by as string,
    sent: (item.sent as boolean | undefined) ?? false,
  };
}

/** Every review of one image, oldest round first (pattern 81: one query of its prefix). */
export async function listImageReviews(uploadId: string, imageId: string): Promise<StoredReview[]> {
  const reviews: StoredReview[] = [];
  for await (const page of queryPages({
    TableName: tableName(),
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
    ExpressionAttributeNames: { '#pk': keyNames.pk, '#sk': keyNames.sk },
    ExpressionAttributeValues: { ':pk': uploadPartition(uploadId), ':prefix': imageReviewsPrefix(imageId) },
    ConsistentRead: true,
  })) {
    reviews.push(...(page.Items ?? []).map(toReview));
  }
  return reviews;
}

/** A job made of images; otherwise a 404 or a 409 that says why. */
function imagesJob(job: JobItem | null): JobItem & { uploadId: string } {
  if (!job) throw new NotFoundError('There is no job with this id.');
  if (!job.uploadId || !hasImages(job)) {
    throw new ConflictError('This job was sent as a link: it has no images to review one by one.');
  }
  return job as JobItem & { uploadId: string };
}

/** The client's answer is given while the job is DELIVERED; otherwise a 409 that says why. */
function assertAwaitingAnswer(job: JobItem): void {
  switch (job.status) {
    case 'DELIVERED':
      return;
    case 'COMPLETED':
      throw new ConflictError('You approved this job: its images can no longer be reviewed.');
    case 'CANCELLED':
      throw new ConflictError('This job was cancelled: its images can no longer be reviewed.');
    case 'PENDING':
      throw new ConflictError('Nothing of this job is delivered yet: review its images once they are.');
    default:
      throw new ConflictError(
        `The studio is still working on this job (round ${job.round ?? 1}): review its images once all are delivered.`,
      );
  }
}

/** A job of images waiting for the client's answer (DELIVERED). */
function reviewableJob(job: JobItem | null): JobItem & { uploadId: string } {
  const found = imagesJob(job);
  assertAwaitingAnswer(found);
  return found;
}

const statusWords: Record<ImageStatus, string> = {
  RECEIVED: 'not delivered yet',
  IN_EDIT: 'in work at the studio',
  IN_QC: 'in work at the studio (its quality check)',
  DELIVERED: 'waiting for your decision',
  APPROVED: 'already approved',
  REJECTED: 'already rejected',
};

/** A 409 naming the image's status: only a DELIVERED image takes a decision. */
function assertDecidable(image: ImageItem): void {
  if (image.status === 'DELIVERED') return;
  const how =
    image.status === 'APPROVED' || image.status === 'REJECTED'
      ? 'Withdraw that decision first to decide again.'
      : 'Decide on it once it is delivered.';
  throw new ConflictError(`This image is ${statusWords[image.status]}. ${how}`);
}

async function imageOf(job: JobItem & { uploadId: string }, imageId: string): Promise<ImageItem> {
  const image = (await getImages(job.uploadId, [imageId])).get(imageId);
  if (!image) throw new NotFoundError('There is no image with this id in this job.');
  return image;
}

const summaryOf = (review: ImageReview): ImageReviewSummary => ({
  round: review.round,
  decision: review.decision,
  comment: review.comment,
  annotationCount: review.annotations.length,
  decidedAt: review.decidedAt,
  sent: review.sent,
});

export interface ReviewResult {
  image: ImageItem;
  review: StoredReview | null;
  result: ImageChangeResult;
}

/**
 * The owner's decision on one DELIVERED image of a DELIVERED job (pattern 80): APPROVED or
 * REJECTED, its review item written in the same transaction (the job's status does not move: no
 * image is in work). Conditional on the image's status and the job's counts as read.
 */
export async function decideImageReview(
  jobId: string,
  imageId: string,
  body: ImageReviewBody,
  options: { actor: HistoryActor; by: string },
): Promise<ReviewResult> {
  return withRetry(
    async () => {
      const job = imagesJob(await getJobItem(jobId));
      const image = await imageOf(job, imageId);
      // The image's own status first: "in work", "already approved" say more than the job's.
      assertDecidable(image);
      assertAwaitingAnswer(job);
      const now = new Date().toISOString();
      const review: StoredReview = {
        imageId,
        round: job.round ?? 1,
        decision: body.decision,
        comment: body.comment ? body.comment : null,
        annotations: storedAnnotations(body.annotations),
        versionId: image.released?.id ?? null,
        decidedAt: now,
        by: options.by,
        sent: false,
      };
      const summary = summaryOf(review);
      const change: ImageChange = {
        image,
        to: body.decision === 'APPROVE' ? 'APPROVED' : 'REJECTED',
        set: { review: summary },
        items: [
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...reviewKey(job.uploadId, imageId, review.round),
                type: 'ImageReview',
                uploadId: job.uploadId,
                jobId,
                ...review,
              },
            },
          },
        ],
      };
      const result = await commitImageChanges(job, [change], { now, actor: options.actor, worked: false });
      return { image: { ...image, status: change.to, statusAt: now, updatedAt: now, review: summary }, review, result };
    },
    { retryFailedConditions: true },
  );
}

/**
 * The owner withdraws a decision not sent yet (pattern 82): APPROVED or REJECTED back to
 * DELIVERED in the same round, the review item deleted and the summary removed. Only while the
 * job waits for the client's answer (a rejection sent, or the job approved: 409).
 */
export async function withdrawImageReview(
  jobId: string,
  imageId: string,
  options: { actor: HistoryActor },
): Promise<ReviewResult> {
  return withRetry(
    async () => {
      const job = imagesJob(await getJobItem(jobId));
      const image = await imageOf(job, imageId);
      if (job.status === 'COMPLETED') {
        throw new ConflictError('You approved this job: its decisions can no longer be withdrawn.');
      }
      if (image.status !== 'APPROVED' && image.status !== 'REJECTED') {
        throw new ConflictError(
          image.review?.sent
            ? 'This rejection was sent to the studio already: it cannot be withdrawn.'
            : `This image is ${statusWords[image.status]}: there is no decision to withdraw.`,
        );
      }
      if (image.review?.sent) throw new ConflictError('This decision was sent to the studio already.');
      assertAwaitingAnswer(job);
      const now = new Date().toISOString();
      const round = image.review?.round ?? job.round ?? 1;
      const change: ImageChange = {
        image,
        to: 'DELIVERED',
        remove: ['review'],
        items: [{ Delete: { TableName: tableName(), Key: reviewKey(job.uploadId, imageId, round) } }],
      };
      const result = await commitImageChanges(job, [change], { now, actor: options.actor, worked: false });
      return {
        image: { ...image, status: 'DELIVERED', statusAt: now, updatedAt: now, review: null },
        review: null,
        result,
      };
    },
    { retryFailedConditions: true },
  );
}

/** The ids of a job's images in one status, a page (of the index, GSI1) at a time. */
async function* idsInStatus(uploadId: string, status: ImageStatus, pageSize: number): AsyncGenerator<string[]> {
  for await (const page of queryPages(
    {
      TableName: tableName(),
      IndexName: keyNames.gsi1.name,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': keyNames.gsi1.partitionKey },
      ExpressionAttributeValues: { ':pk': imageStatusPartition(uploadId, status) },
    },
    pageSize,
  )) {
    const ids = (page.Items ?? []).map((item) => item.id as string);
    if (ids.length > 0) yield ids;
  }
}

export interface SweepResult {
  /** Whether every image of the status was reached (false: stopped for time, `more` are left). */
  complete: boolean;
  /** Images moved by this sweep. */
  moved: number;
  /** Transactions written. */
  transactions: number;
  /** The last chunk's result (null when nothing moved). */
  last: ImageChangeResult | null;
}

/**
 * Moves every image of `status` (read page by page from GSI1) in chunks of `perChunk`, each chunk
 * one transaction built from the images read strongly consistent (the index may lag): an image
 * that left `status` meanwhile is skipped, and a chunk that meets any change made meanwhile reads
 * again. `first` carries what the first chunk writes beside its images (a revision request's move).
 */
async function sweep(
  jobId: string,
  status: ImageStatus,
  perChunk: number,
  build: (image: ImageItem, job: JobItem, now: string) => ImageChange,
  options: {
    actor: HistoryActor;
    job: (job: JobItem | null) => JobItem & { uploadId: string };
    first?: (job: JobItem, now: string, chunk: ImageItem[]) => Parameters<typeof commitImageChanges>[2]['jobMove'];
    /** Whether to stop before the next chunk (the request's time is running out). */
    stop?: () => boolean;
  },
): Promise<SweepResult> {
  const start = options.job(await getJobItem(jobId));
  const result: SweepResult = { complete: true, moved: 0, transactions: 0, last: null };
  let first = options.first;
  for await (const ids of idsInStatus(start.uploadId, status, perChunk)) {
    // The first chunk always goes (it may carry the job's own move); each chunk is whole.
    if (result.transactions > 0 && options.stop?.()) {
      result.complete = false;
      break;
    }
    await withRetry(
      async () => {
        const job = options.job(await getJobItem(jobId));
        const images = [...(await getImages(job.uploadId, ids)).values()].filter((image) => image.status === status);
        if (images.length === 0) return;
        const now = new Date().toISOString();
        const jobMove = first?.(job, now, images);
        result.last = await commitImageChanges(
          job,
          images.map((image) => build(image, job, now)),
          { now, actor: options.actor, worked: false, ...(jobMove ? { jobMove } : {}) },
        );
        first = undefined;
        result.moved += images.length;
        result.transactions += 1;
      },
      { retryFailedConditions: true },
    );
  }
  return result;
}

const approvalChange = (image: ImageItem, job: JobItem, now: string): ImageChange => ({
  image,
  to: 'APPROVED',
  // An approval of many at once keeps its summary only: there is nothing drawn to store.
  set: {
    review: {
      round: job.round ?? 1,
      decision: 'APPROVE',
      comment: null,
      annotationCount: 0,
      decidedAt: now,
      sent: false,
    } satisfies ImageReviewSummary,
  },
});

/**
 * "Approve all remaining" (pattern 83): every DELIVERED image of a DELIVERED job becomes
 * APPROVED, 90 a transaction. The job stays DELIVERED throughout, so a sweep cut short leaves a
 * consistent job that the next call finishes.
 */
export function approveRemaining(
  jobId: string,
  options: { actor: HistoryActor; stop?: () => boolean },
): Promise<SweepResult> {
  return sweep(jobId, 'DELIVERED', approvalsPerTransaction, approvalChange, {
    actor: options.actor,
    job: reviewableJob,
    stop: options.stop,
  });
}

/**
 * Milliseconds a request keeps for what follows its last chunk (the answer, the job's own write):
 * a chunk of 90 images is one transaction of 91 items, well under a second even on a loaded
 * DynamoDB Local.
 */
export const sweepReserveMs = 2500;

/** Stop the chunks once less than {@link sweepReserveMs} is left of the request. */
export const stopBefore = (remainingMs: () => number) => () => remainingMs() < sweepReserveMs;

export function unfinishedSendBackText(sent: number): string {
  return `${sent} images were sent back; the others take another request. Send the request again to finish.`;
}

export function unfinishedApprovalText(approved: number, left: number): string {
  return `${approved} images were approved; ${left} more take another request. Approve again to finish.`;
}

/** Said when the client approves a job with rejections it has not sent (#34). */
export function pendingRejectionsText(count: number): string {
  return `You rejected ${count} ${count === 1 ? 'image' : 'images'}: send ${count === 1 ? 'it' : 'them'} back (Request changes) or withdraw the rejection before approving.`;
}

/**
 * The approval of a job (the client's, or the sweep's after the studio's days). A job with images
 * (#34) is refused while rejections wait to be sent (409); otherwise its remaining DELIVERED images
 * are approved first (chunks; the job stays DELIVERED), then the job moves to COMPLETED on
 * condition that its images are as read after that (none DELIVERED or REJECTED), adding its
 * figures to the month's. Answers the job and the images approved on the way.
 */
export async function approveJob(
  job: Job,
  by: Parameters<typeof approveDelivery>[1],
  options: { now?: () => string; stop?: () => boolean } = {},
): Promise<{ job: Job; approvedImages: number; transactions: number; complete: boolean }> {
  const now = options.now ?? (() => new Date().toISOString());
  if (!job.uploadId || !job.imageCounts)
    return { job: await approveDelivery(job, by, now()), approvedImages: 0, transactions: 1, complete: true };
  if (job.imageCounts.REJECTED > 0) throw new ConflictError(pendingRejectionsText(job.imageCounts.REJECTED));
  const actor: HistoryActor = by.kind === 'client' ? by.actor : { kind: 'system', id: null, role: null };
  let approvedImages = 0;
  let transactions = 0;
  // A decision withdrawn during the sweep puts an image back to DELIVERED: sweep again.
  for (let pass = 0; pass < 3; pass++) {
    const item = await getJobItem(job.id);
    if (!item) throw new NotFoundError('There is no job with this id.');
    const read = toJob(item);
    if (read.status !== 'DELIVERED') return { job: read, approvedImages, transactions, complete: true };
    const counts = read.imageCounts!;
    if (counts.REJECTED > 0) throw new ConflictError(pendingRejectionsText(counts.REJECTED));
    if (counts.DELIVERED === 0) {
      const approved = await approveDelivery(read, by, now(), {
        version: item.imagesVersion ?? 0,
        figures: reviewFiguresOf(item),
      });
      return { job: approved, approvedImages, transactions: transactions + 1, complete: true };
    }
    const swept = await approveRemaining(job.id, { actor, stop: options.stop });
    approvedImages += swept.moved;
    transactions += swept.transactions;
    // Out of time: the job stays DELIVERED with fewer images left; the next approval goes on.
    if (!swept.complete) return { job: read, approvedImages, transactions, complete: false };
  }
  throw new ConflictError('The images of this job changed while it was being approved. Approve it again.');
}

const sendBackChange = (image: ImageItem, job: JobItem, now: string): ImageChange => {
  const review = image.review;
  return {
    image,
    to: 'IN_EDIT',
    set: review ? { review: { ...review, sent: true } } : {},
    add: { sentBackCount: 1 },
    items: review
      ? [
          {
            Update: {
              TableName: tableName(),
              Key: reviewKey(job.uploadId!, image.id, review.round),
              UpdateExpression: 'SET #sent = :true, #sentAt = :now',
              ConditionExpression: 'attribute_exists(#pk)',
              ExpressionAttributeNames: { '#pk': keyNames.pk, '#sent': 'sent', '#sentAt': 'sentAt' },
              ExpressionAttributeValues: { ':true': true, ':now': now },
            },
          },
        ]
      : [],
  };
};

/** A job whose rejected images a revision request sends back: one with images that takes the request. */
function sendingJob(job: JobItem | null): JobItem & { uploadId: string } {
  if (!job) throw new NotFoundError('There is no job with this id.');
  if (!job.uploadId || !hasImages(job)) throw new ConflictError('This job has no images to send back.');
  if (job.status === 'CANCELLED' || job.status === 'COMPLETED') {
    throw new ConflictError('This job can no longer be sent back.');
  }
  return job as JobItem & { uploadId: string };
}

/**
 * Whether a job is left half-way through a revision request that sent its rejected images back
 * (the request committed with the first chunk, the process stopped before the last): the job took
 * the request (REVISION_REQUESTED, or IN_PROGRESS once a redo came in) and REJECTED images of the
 * round before are left. A repeat of the request finishes the moves.
 */
export function halfSentBack(job: Job): boolean {
  return (
    (job.status === 'REVISION_REQUESTED' || job.status === 'IN_PROGRESS') &&
    (job.round ?? 1) > 1 &&
    (job.imageCounts?.REJECTED ?? 0) > 0
  );
}

export const notesOrRejectText = 'Say what should change, or reject the images to change.';

/**
 * A revision request on a job with images that sends back its rejected images (pattern 84), or the
 * repeat of one left half-way ({@link halfSentBack}). The first transaction holds the job's move to
 * REVISION_REQUESTED (round + 1, the request's item, its timeline entry and e-mail, which say
 * "12 approved, 2 sent back") and the first chunk of REJECTED -> IN_EDIT moves (each image sent
 * back once more, its review marked sent); further chunks follow (the job's images keep it
 * REVISION_REQUESTED). A repeat finishes the moves and answers the stored request.
 */
/**
 * The status index is eventually consistent: an image rejected a moment before the request may not
 * be listed yet when the sweep reads it. While the job's own counts (read strongly) still show
 * rejected images, the index is read again, a few times over about 1.5 s, and what it lists now is
 * sent back too. What is still left after that is finished by a repeat of the request.
 */
async function catchUpRejected(
  jobId: string,
  options: { actor: HistoryActor; stop?: () => boolean },
): Promise<{ transactions: number; moved: number; complete: boolean }> {
  let transactions = 0;
  let moved = 0;
  for (let attempt = 0; attempt < 4; attempt++) {
    const item = await getJobItem(jobId);
    if (!item || imageCountsOf(item.imageCounts).REJECTED === 0) break;
    if (options.stop?.()) return { transactions, moved, complete: false };
    await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    const swept = await sweep(jobId, 'REJECTED', sendBacksPerTransaction, sendBackChange, {
      actor: options.actor,
      job: sendingJob,
      stop: options.stop,
    });
    transactions += swept.transactions;
    moved += swept.moved;
    if (!swept.complete) return { transactions, moved, complete: false };
  }
  return { transactions, moved, complete: true };
}

export async function sendBackRejected(
  job: Job,
  input: { notes: string; upload: Upload | null; billable: boolean; actor: HistoryActor },
  options: { stop?: () => boolean } = {},
): Promise<{ job: Job; revision: StoredRevision; transactions: number; complete: boolean; moved: number }> {
  if (halfSentBack(job)) {
    const swept = await sweep(job.id, 'REJECTED', sendBacksPerTransaction, sendBackChange, {
      actor: input.actor,
      job: sendingJob,
      stop: options.stop,
    });
    const caught = swept.complete
      ? await catchUpRejected(job.id, { actor: input.actor, stop: options.stop })
      : { transactions: 0, moved: 0, complete: false };
    const after = await getJobItem(job.id);
    const revision = (await listRevisions(job.id)).find((r) => r.round === (after?.round ?? job.round));
    if (!after || !revision) throw new ConflictError('This revision request could not be finished. Ask again.');
    return {
      job: toJob(after),
      revision,
      transactions: swept.transactions + caught.transactions,
      complete: swept.complete && caught.complete,
      moved: swept.moved + caught.moved,
    };
  }
  const counts = job.imageCounts!;
  const review = { sentBack: counts.REJECTED, approved: counts.APPROVED };
  const round = (job.round ?? 1) + 1;
  let requested: { revision: StoredRevision; job: Job } | null = null;
  const swept = await sweep(job.id, 'REJECTED', sendBacksPerTransaction, sendBackChange, {
    actor: input.actor,
    job: sendingJob,
    stop: options.stop,
    first: (item, now) => {
      const read = toJob(item);
      // The job as this very transaction reads it: a change since the route's check is a 409.
      if (read.status !== 'DELIVERED' || (read.round ?? 1) + 1 !== round) {
        throw new ConflictError('This job changed meanwhile: read it again.');
      }
      const parts = revisionParts(read, { ...input, review }, now);
      const moved: Job = { ...read, status: 'REVISION_REQUESTED', round, updatedAt: now };
      requested = { revision: parts.revision, job: moved };
      return {
        status: 'REVISION_REQUESTED',
        fields: { round },
        items: [
          timelineEntryPut(read.id, now, parts.entry, input.actor),
          ...parts.extra,
          ...parts.events(moved).map((event) => outboxItem(event, new Date(now))),
        ],
      };
    },
  });
  const done = requested as { revision: StoredRevision; job: Job } | null;
  if (!done) throw new ConflictError('The rejected images of this job were sent back meanwhile.');
  const caught = swept.complete
    ? await catchUpRejected(job.id, { actor: input.actor, stop: options.stop })
    : { transactions: 0, moved: 0, complete: false };
  const latest = caught.moved > 0 ? await getJobItem(job.id) : null;
  return {
    job: latest ? toJob(latest) : (swept.last?.after ?? done.job),
    revision: done.revision,
    transactions: swept.transactions + caught.transactions,
    complete: swept.complete && caught.complete,
    moved: swept.moved + caught.moved,
  };
}

/** A review for the API: its shapes and what it decided, without who stored it. */
export function reviewView(review: StoredReview): ImageReview {
  return {
    round: review.round,
    decision: review.decision,
    comment: review.comment,
    annotations: review.annotations,
    versionId: review.versionId,
    decidedAt: review.decidedAt,
    sent: review.sent,
  };
}
