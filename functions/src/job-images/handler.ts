import { jobImagesRoutes } from '@studio/shared/routes/job-images';
import { createGroupHandler } from '../lib/http.ts';
import { deliverImagesRoute, deliverImageVersionRoute } from './deliver.ts';
import { getJobImageRoute } from './get-image.ts';
import { listJobImagesRoute } from './list-images.ts';
import { decideImageQcRoute, listQcImagesRoute } from './qc.ts';
import { approveRemainingImagesRoute, reviewImageRoute, withdrawImageReviewRoute } from './review.ts';
import { createVersionUploadLinksRoute } from './upload-links.ts';

export const handler = createGroupHandler(jobImagesRoutes, {
  listJobImages: listJobImagesRoute,
  getJobImage: getJobImageRoute,
  createVersionUploadLinks: createVersionUploadLinksRoute,
  deliverImageVersion: deliverImageVersionRoute,
  deliverImages: deliverImagesRoute,
  decideImageQc: decideImageQcRoute,
  listQcImages: listQcImagesRoute,
  reviewImage: reviewImageRoute,
  withdrawImageReview: withdrawImageReviewRoute,
  approveRemainingImages: approveRemainingImagesRoute,
});
