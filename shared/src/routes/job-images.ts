import { emptyObjectSchema, idParamsSchema } from '../ids.ts';
import { jobDeliverers, jobFileReaders, qcReviewers } from '../access.ts';
import {
  createVersionUploadLinksBodySchema,
  createVersionUploadLinksResponseSchema,
  deliverImagesBodySchema,
  deliverImagesResponseSchema,
  deliverVersionBodySchema,
  deliverVersionResponseSchema,
  getJobImageResponseSchema,
  imageParamsSchema,
  listJobImagesQuerySchema,
  listJobImagesResponseSchema,
  listQcImagesQuerySchema,
  listQcImagesResponseSchema,
  qcDecisionBodySchema,
  qcDecisionResponseSchema,
  approveRemainingResponseSchema,
  imageReviewResponseSchema,
} from '../image-api.ts';
import { imageReviewBodySchema } from '../image-review.ts';
import { route, type RouteDefinition } from './route.ts';

/**
 * The routes of the `job-images` group (one Lambda function, issue 33): a job's images with their
 * versions, the studio's deliveries of finished files to images, QC, and the client's review of each
 * image (issue 34).
 */
export const jobImagesRoutes = {
  listJobImages: route({
    method: 'GET',
    path: 'api/jobs/{id}/images',
    group: 'job-images',
    access: jobFileReaders,
    params: idParamsSchema,
    query: listJobImagesQuerySchema,
    response: listJobImagesResponseSchema,
  }),
  getJobImage: route({
    method: 'GET',
    path: 'api/jobs/{id}/images/{imageId}',
    group: 'job-images',
    access: jobFileReaders,
    params: imageParamsSchema,
    query: emptyObjectSchema,
    response: getJobImageResponseSchema,
  }),
  createVersionUploadLinks: route({
    method: 'POST',
    path: 'api/jobs/{id}/images/upload-links',
    group: 'job-images',
    access: jobDeliverers,
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: createVersionUploadLinksBodySchema,
    response: createVersionUploadLinksResponseSchema,
  }),
  deliverImageVersion: route({
    method: 'POST',
    path: 'api/jobs/{id}/images/{imageId}/versions',
    group: 'job-images',
    access: jobDeliverers,
    params: imageParamsSchema,
    query: emptyObjectSchema,
    body: deliverVersionBodySchema,
    response: deliverVersionResponseSchema,
    successStatus: 201,
  }),
  deliverImages: route({
    method: 'POST',
    path: 'api/jobs/{id}/images/deliveries',
    group: 'job-images',
    access: jobDeliverers,
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: deliverImagesBodySchema,
    response: deliverImagesResponseSchema,
  }),
  decideImageQc: route({
    method: 'PUT',
    path: 'api/jobs/{id}/images/{imageId}/qc',
    group: 'job-images',
    access: qcReviewers,
    params: imageParamsSchema,
    query: emptyObjectSchema,
    body: qcDecisionBodySchema,
    response: qcDecisionResponseSchema,
  }),
  listQcImages: route({
    method: 'GET',
    path: 'api/qc/images',
    group: 'job-images',
    access: qcReviewers,
    params: emptyObjectSchema,
    query: listQcImagesQuerySchema,
    response: listQcImagesResponseSchema,
  }),
  // The client's review of each image (issue 34): the owner of the job, item by item.
  reviewImage: route({
    method: 'PUT',
    path: 'api/jobs/{id}/images/{imageId}/review',
    group: 'job-images',
    access: ['CLIENT'],
    params: imageParamsSchema,
    query: emptyObjectSchema,
    body: imageReviewBodySchema,
    response: imageReviewResponseSchema,
  }),
  withdrawImageReview: route({
    method: 'DELETE',
    path: 'api/jobs/{id}/images/{imageId}/review',
    group: 'job-images',
    access: ['CLIENT'],
    params: imageParamsSchema,
    query: emptyObjectSchema,
    response: imageReviewResponseSchema,
  }),
  approveRemainingImages: route({
    method: 'POST',
    path: 'api/jobs/{id}/images/approve-remaining',
    group: 'job-images',
    access: ['CLIENT'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: approveRemainingResponseSchema,
  }),
} as const satisfies Record<string, RouteDefinition & { group: 'job-images' }>;
