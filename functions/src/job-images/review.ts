import {
  approveRemaining,
  decideImageReview,
  reviewView,
  stopBefore,
  withdrawImageReview,
} from '../data/image-reviews.ts';
import { imageCountsOf } from '@studio/shared/images';
import type { Job } from '@studio/shared/job';
import type { ImageItem } from '../data/images.ts';
import { getJobItem, toJob } from '../data/jobs.ts';
import type { Caller } from '../lib/caller.ts';
import { ForbiddenError } from '../lib/errors.ts';
import type { Logger } from '../lib/observability.ts';
import { deliverablesNotReleasedText } from '../job-files/access.ts';
import type { RouteImpl } from '../lib/http.ts';
import { actorOf } from '../jobs/access.ts';
import { finishedVersionsVisible, imageJob } from './access.ts';
import { imageView } from './views.ts';

/*
 * The client's review of each image (#34; docs/decisions/image-review.md). The route table lets
 * clients only; `imageJob` with `review` lets the members of the job's organisation whose role may
 * review (a VIEWER: 403; another organisation's job or image: the 404 of an
 * unknown one, as the image reads). A decision needs the finished versions released to the client
 * (the release rule of the downloads, docs/access.md); withdrawing one does not.
 */

/** The image as its owner reads it: its finished version once released to it. */
async function ownerView(caller: Caller, job: Job, image: ImageItem) {
  return imageView(image, { staff: false, finished: await finishedVersionsVisible(caller, job) });
}

/**
 * The owner's job, if its finished versions are released to it: a decision is taken on what the
 * client sees (a job unpaid where the studio releases on payment: the 403 of the downloads).
 */
async function reviewedJob(caller: Caller, id: string, log: Logger): Promise<Job> {
  const job = await imageJob(caller, id, log, 'review');
  if (!(await finishedVersionsVisible(caller, job))) throw new ForbiddenError(deliverablesNotReleasedText);
  return job;
}

/** `PUT api/jobs/{id}/images/{imageId}/review`: approve a delivered image, or reject it saying what to change. */
export const reviewImageRoute: RouteImpl<'reviewImage'> = async ({ params, body, caller, log }) => {
  const job = await reviewedJob(caller!, params.id, log);
  const { image, review, result } = await decideImageReview(params.id, params.imageId, body, {
    actor: actorOf(caller!),
    by: caller!.userId,
  });
  return {
    image: await ownerView(caller!, job, image),
    review: review ? reviewView(review) : null,
    counts: result.counts,
    jobStatus: result.after.status,
  };
};

/** `DELETE api/jobs/{id}/images/{imageId}/review`: withdraw a decision not sent yet (back to DELIVERED). */
export const withdrawImageReviewRoute: RouteImpl<'withdrawImageReview'> = async ({ params, caller, log }) => {
  const job = await imageJob(caller!, params.id, log, 'review');
  const { image, result } = await withdrawImageReview(params.id, params.imageId, { actor: actorOf(caller!) });
  return {
    image: await ownerView(caller!, job, image),
    review: null,
    counts: result.counts,
    jobStatus: result.after.status,
  };
};

/**
 * `POST api/jobs/{id}/images/approve-remaining`: every DELIVERED image approved, 90 a transaction,
 * as many as the request's time allows (the answer's `counts.DELIVERED` says what is left).
 */
export const approveRemainingImagesRoute: RouteImpl<'approveRemainingImages'> = async ({
  params,
  caller,
  log,
  remainingMs,
}) => {
  const job = await reviewedJob(caller!, params.id, log);
  // Stopped before the function's time runs out, what is left shows in `counts.DELIVERED`: the
  // job stays DELIVERED and the next call goes on (docs/decisions/image-review.md).
  const swept = await approveRemaining(job.id, { actor: actorOf(caller!), stop: stopBefore(remainingMs) });
  log.info('images approved', { jobId: job.id, approved: swept.moved, transactions: swept.transactions });
  if (swept.last) return { approved: swept.moved, counts: swept.last.counts, jobStatus: swept.last.after.status };
  const after = toJob((await getJobItem(job.id))!);
  return { approved: 0, counts: imageCountsOf(after.imageCounts), jobStatus: after.status };
};
