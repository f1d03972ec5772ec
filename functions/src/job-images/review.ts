import { approveRemaining, decideImageReview, reviewView, withdrawImageReview } from '../data/image-reviews.ts';
import { imageCountsOf } from '@studio/shared/images';
import type { Job } from '@studio/shared/job';
import type { ImageItem } from '../data/images.ts';
import { getJobItem, toJob } from '../data/jobs.ts';
import type { Caller } from '../lib/caller.ts';
import type { RouteImpl } from '../lib/http.ts';
import { actorOf } from '../jobs/access.ts';
import { finishedVersionsVisible, imageJob } from './access.ts';
import { imageView } from './views.ts';

/*
 * The client's review of each image (#34; docs/decisions/image-review.md). The route table lets
 * clients only; `imageJob` lets the job's owner only (another client's job or image: the 404 of an
 * unknown one, as the image reads).
 */

/** The image as its owner reads it: its released version once the job's files are released. */
async function ownerView(caller: Caller, job: Job, image: ImageItem) {
  return imageView(image, { staff: false, finished: await finishedVersionsVisible(caller, job) });
}

/** `PUT api/jobs/{id}/images/{imageId}/review`: approve a delivered image, or reject it saying what to change. */
export const reviewImageRoute: RouteImpl<'reviewImage'> = async ({ params, body, caller, log }) => {
  const job = await imageJob(caller!, params.id, log);
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
  const job = await imageJob(caller!, params.id, log);
  const { image, result } = await withdrawImageReview(params.id, params.imageId, { actor: actorOf(caller!) });
  return {
    image: await ownerView(caller!, job, image),
    review: null,
    counts: result.counts,
    jobStatus: result.after.status,
  };
};

/** `POST api/jobs/{id}/images/approve-remaining`: every DELIVERED image approved, 90 a transaction. */
export const approveRemainingImagesRoute: RouteImpl<'approveRemainingImages'> = async ({ params, caller, log }) => {
  const job = await imageJob(caller!, params.id, log);
  const swept = await approveRemaining(job.id, { actor: actorOf(caller!) });
  if (swept.last) return { approved: swept.moved, counts: swept.last.counts, jobStatus: swept.last.after.status };
  const after = toJob((await getJobItem(job.id))!);
  return { approved: 0, counts: imageCountsOf(after.imageCounts), jobStatus: after.status };
};
