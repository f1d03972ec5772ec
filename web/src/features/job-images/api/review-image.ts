import type { ImageReviewBody } from '@studio/shared/image-review';
import { apiRequest } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { jobImageKeys } from './query-keys.ts';

/**
 * The client's job queries (the job, its lists, timeline and rounds: `['jobs', ...]` of the jobs
 * feature): a decision changes the job's counts, sending the rejections its status and round.
 */
const clientJobQueries = ['jobs'] as const;

export interface ReviewInput {
  jobId: string;
  imageId: string;
  body: ImageReviewBody;
}

/** `PUT /api/jobs/{id}/images/{imageId}/review` (#34): approve a delivered image, or reject it with mark-up. */
export function reviewImage({ jobId, imageId, body }: ReviewInput) {
  return apiRequest('reviewImage', { params: { id: jobId, imageId }, body });
}

export const useReviewImage = () =>
  useInvalidatingMutation({
    mutationFn: reviewImage,
    invalidates: ({ jobId }) => [jobImageKeys.job('client', jobId), clientJobQueries],
    // A 409 (the image moved meanwhile) leaves the page behind the server: read it again.
    alsoOnFailure: true,
  });

/** `DELETE /api/jobs/{id}/images/{imageId}/review`: takes back a decision not yet sent; the image is to review again. */
export function withdrawImageReview({ jobId, imageId }: Omit<ReviewInput, 'body'>) {
  return apiRequest('withdrawImageReview', { params: { id: jobId, imageId } });
}

export const useWithdrawImageReview = () =>
  useInvalidatingMutation({
    mutationFn: withdrawImageReview,
    invalidates: ({ jobId }) => [jobImageKeys.job('client', jobId), clientJobQueries],
    alsoOnFailure: true,
  });

/**
 * `POST /api/jobs/{id}/images/approve-remaining`: every delivered image not decided yet is approved.
 * The server stops before its request's time runs out (a job of thousands of images) and answers
 * what it approved with the counts: while images are left to review and the last call approved
 * some, it is called again. Answers the last counts and the images approved by all the calls.
 */
export async function approveRemainingImages(jobId: string) {
  let approved = 0;
  for (;;) {
    const answer = await apiRequest('approveRemainingImages', { params: { id: jobId } });
    approved += answer.approved;
    if ((answer.counts.DELIVERED ?? 0) === 0 || answer.approved === 0) return { ...answer, approved };
  }
}

export const useApproveRemainingImages = () =>
  useInvalidatingMutation({
    mutationFn: approveRemainingImages,
    invalidates: (jobId) => [jobImageKeys.job('client', jobId), clientJobQueries],
    alsoOnFailure: true,
  });

/**
 * `POST /api/jobs/{id}/revision-requests` without images: sends every rejected image back to the
 * studio as one revision round, with an optional note for the whole job.
 */
export function sendRejections({ jobId, notes }: { jobId: string; notes: string }) {
  return apiRequest('createRevisionRequest', {
    params: { id: jobId },
    body: notes.trim() === '' ? {} : { notes: notes.trim() },
  });
}

export const useSendRejections = () =>
  useInvalidatingMutation({
    mutationFn: sendRejections,
    invalidates: ({ jobId }) => [jobImageKeys.job('client', jobId), clientJobQueries],
    alsoOnFailure: true,
  });
