import type * as z from 'zod/mini';
import {
  emailOnlyBodySchema,
  messageResponseSchema,
  resetPasswordBodySchema,
  signInBodySchema,
  signInResponseSchema,
  signUpBodySchema,
  signUpResponseSchema,
  verifyEmailBodySchema,
} from './auth.ts';
import {
  listCarouselServicesResponseSchema,
  listServiceImagesQuerySchema,
  listServiceImagesResponseSchema,
} from './carousel.ts';
import {
  listGalleryByServiceResponseSchema,
  listGalleryItemsResponseSchema,
  listGalleryServicesResponseSchema,
} from './gallery.ts';
import { emptyObjectSchema, idParamsSchema } from './ids.ts';
import {
  choosePaymentBodySchema,
  createJobBodySchema,
  jobResponseSchema,
  listJobsResponseSchema,
  moveDueBodySchema,
  userIdParamsSchema,
  userIdQuerySchema,
} from './job.ts';
import { listJobOpeningsResponseSchema } from './job-opening.ts';
import { invoiceResponseSchema } from './invoice.ts';
import {
  bankTransferResponseSchema,
  checkoutResponseSchema,
  jobHistoryResponseSchema,
  markPaidBodySchema,
  refundBodySchema,
  refundResponseSchema,
  webhookResponseSchema,
} from './payment.ts';
import { studioSettingsFieldsSchema, studioSettingsResponseSchema } from './studio-settings.ts';
import {
  archiveParamsSchema,
  archiveResponseSchema,
  confirmDeliverableBodySchema,
  confirmDeliverableResponseSchema,
  confirmPhotoBodySchema,
  confirmPhotoResponseSchema,
  createDeliverableUploadLinkBodySchema,
  createDeliverableUploadLinkResponseSchema,
  listDeliverablesResponseSchema,
  listJobFilesQuerySchema,
  listJobPhotosResponseSchema,
  uploadIdParamsSchema,
} from './job-files.ts';
import {
  applicationDownloadResponseSchema,
  createApplicationUploadLinkBodySchema,
  createApplicationUploadLinkResponseSchema,
  createJobApplicationBodySchema,
  createJobApplicationResponseSchema,
  getApplicationResponseSchema,
  listApplicationsQuerySchema,
  listApplicationsResponseSchema,
} from './job-application.ts';
import {
  createContactLeadBodySchema,
  createContactLeadResponseSchema,
  createFreeTrialLeadBodySchema,
  createFreeTrialLeadResponseSchema,
} from './lead.ts';
import {
  assignJobBodySchema,
  deletedJobResponseSchema,
  editorUpdateBodySchema,
  jobIdParamsSchema,
  listAllJobsQuerySchema,
  listAllJobsResponseSchema,
  listAssignedJobsResponseSchema,
  listEditorsResponseSchema,
  updateJobBodySchema,
} from './job-workflow.ts';
import type { StaffRole } from './platform.ts';
import {
  createCancellationRequestBodySchema,
  createRevisionRequestBodySchema,
  createRevisionRequestResponseSchema,
  decideCancellationBodySchema,
  jobTimelineResponseSchema,
  listRevisionRequestsResponseSchema,
} from './job-lifecycle.ts';
import {
  listUndeliveredEmailsResponseSchema,
  notificationPreferencesResponseSchema,
  updateNotificationPreferencesBodySchema,
} from './notifications.ts';
import { pricingResponseSchema } from './pricing.ts';
import {
  getServiceResponseSchema,
  listServicesResponseSchema,
  listSubServicesQuerySchema,
  listSubServicesResponseSchema,
} from './service.ts';
import { listSliderImagesResponseSchema } from './slider-image.ts';
import { listTestimonialsResponseSchema } from './testimonial.ts';
import { getUploadLinkQuerySchema, getUploadLinkResponseSchema } from './upload.ts';
import {
  confirmImageBodySchema,
  confirmImageResponseSchema,
  createImageUploadLinkBodySchema,
  createImageUploadLinkResponseSchema,
  createServiceBodySchema,
  createSubServiceBodySchema,
  createSubServiceWithImagesBodySchema,
  deletedResponseSchema,
  serviceWriteResponseSchema,
  subServiceWriteResponseSchema,
  updatePricingRulesBodySchema,
  updateServiceBodySchema,
  updateSubServiceBodySchema,
} from './catalog-admin.ts';
import {
  createSliderImageBodySchema,
  jobOpeningBodySchema,
  jobOpeningWriteResponseSchema,
  listAllJobOpeningsResponseSchema,
  listContactLeadsResponseSchema,
  listFreeTrialLeadsResponseSchema,
  listLeadsQuerySchema,
  reorderBodySchema,
  sliderImagesResponseSchema,
  sliderImageWriteResponseSchema,
  testimonialBodySchema,
  testimonialsResponseSchema,
  testimonialWriteResponseSchema,
} from './content-admin.ts';
import {
  bulkDeleteServiceImagesBodySchema,
  bulkInsertServiceImagesBodySchema,
  createGalleryItemBodySchema,
  galleryItemWriteResponseSchema,
  reorderServiceImagesBodySchema,
  serviceImagesWriteResponseSchema,
  updateGalleryItemBodySchema,
} from './showcase-admin.ts';
import {
  accountIdParamsSchema,
  deletedAccountResponseSchema,
  inviteStaffBodySchema,
  setStaffStatusBodySchema,
  staffAccountResponseSchema,
  staffSignInBodySchema,
  staffSignInResponseSchema,
} from './staff.ts';
import { listClientsResponseSchema, listStaffResponseSchema } from './user.ts';

/** Who is calling: a signed-in client, or a member of one staff group. */
export type Principal = 'CLIENT' | StaffRole;
export const principals: readonly Principal[] = ['CLIENT', 'SUPER_ADMIN', 'MANAGER', 'EDITOR'];

/** `public`: anyone, no token. Otherwise the principals allowed (the gateway requires a token). */
export type Access = 'public' | readonly Principal[];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Route groups: one Lambda function each. The handler of group `g` is `functions/src/g/handler.ts`
 * and exports `handler`. Groups, folders and functions are spelled right (`carousel`, `gallery`);
 * only the paths keep the spec's spellings (`api/carousal/...`, `api/gallary/...`), since those
 * are the contract the browser calls.
 */
export const routeGroups = [
  'services',
  'subservices',
  'pricing',
  'testimonials',
  'slider-images',
  'users',
  'admin',
  'carousel',
  'gallery',
  'job-openings',
  'contact',
  'free-trial-leads',
  'uploads',
  'job-orders',
  'jobs',
  'job-files',
  'images',
  'applications',
  'payments',
  'documents',
  'settings',
  'notifications',
] as const;
export type RouteGroup = (typeof routeGroups)[number];

export interface RouteDefinition {
  method: HttpMethod;
  /** The spec's path, with `{name}` parameters, without the leading slash: `api/services/{id}`. */
  path: string;
  group: RouteGroup;
  access: Access;
  params: z.ZodMiniType;
  query: z.ZodMiniType;
  /** Absent: the route takes no body and refuses one (unless `rawBody`). */
  body?: z.ZodMiniType;
  /**
   * The route reads its body as the exact bytes sent (`rawBody` of the route's input), neither
   * parsed nor checked for a content type: a webhook whose signature covers those bytes.
   */
  rawBody?: true;
  response: z.ZodMiniType;
  /** Seconds a shared cache (CloudFront) may keep a successful answer; public GETs only. */
  cacheSeconds?: number;
  /** Status of a successful answer; 200 when absent (201 for routes that create something). */
  successStatus?: 200 | 201;
}

// Free of side effects, so that a bundle that never reads the whole table (a Lambda's, which gets its
// group's routes only) can leave it out: see infra/lib/bundle-plugins.ts.
/* @__NO_SIDE_EFFECTS__ */
function route<const T extends RouteDefinition>(definition: T): T {
  return definition;
}

const catalogCacheSeconds = 60;

/** Who may read job applications and their files: personal data, so SUPER_ADMIN only (docs/access.md). */
const applicationReaders = ['SUPER_ADMIN'] as const satisfies readonly Principal[];

/**
 * Who may read a job's files: its owner, its assigned editor, managers and super-admins. The route
 * admits the roles; the item rule (the owner, the assigned editor) is checked on the job (404).
 */
const jobFileReaders = ['CLIENT', 'SUPER_ADMIN', 'MANAGER', 'EDITOR'] as const satisfies readonly Principal[];
/** Who may deliver files to a job: its assigned editor (item rule), managers and super-admins. */
const jobDeliverers = ['EDITOR', 'MANAGER', 'SUPER_ADMIN'] as const satisfies readonly Principal[];

/** Every API route, declared once: read by the CDK stack, the local gateway, the web client and the tests. */
export const routes = {
  listServices: route({
    method: 'GET',
    path: 'api/services',
    group: 'services',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listServicesResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  getService: route({
    method: 'GET',
    path: 'api/services/{id}',
    group: 'services',
    access: 'public',
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: getServiceResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  listSubServices: route({
    method: 'GET',
    path: 'api/subservices',
    group: 'subservices',
    access: 'public',
    params: emptyObjectSchema,
    query: listSubServicesQuerySchema,
    response: listSubServicesResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  listSubServicesOfService: route({
    method: 'GET',
    path: 'api/subServices/service/{id}',
    group: 'subservices',
    access: 'public',
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: listSubServicesResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  getPricing: route({
    method: 'GET',
    path: 'api/pricing',
    group: 'pricing',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: pricingResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  listTestimonials: route({
    method: 'GET',
    path: 'api/testimonials',
    group: 'testimonials',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listTestimonialsResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  listSliderImages: route({
    method: 'GET',
    path: 'api/slider-images',
    group: 'slider-images',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listSliderImagesResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  listClients: route({
    method: 'GET',
    path: 'api/users',
    group: 'users',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listClientsResponseSchema,
  }),
  listStaff: route({
    method: 'GET',
    path: 'api/admin',
    group: 'admin',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listStaffResponseSchema,
  }),
  listCarouselServices: route({
    method: 'GET',
    path: 'api/carousal/services',
    group: 'carousel',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listCarouselServicesResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  listServiceImages: route({
    method: 'GET',
    path: 'api/carousal/service/{id}',
    group: 'carousel',
    access: 'public',
    params: idParamsSchema,
    query: listServiceImagesQuerySchema,
    response: listServiceImagesResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  listGalleryServices: route({
    method: 'GET',
    path: 'api/gallary/all-services',
    group: 'gallery',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listGalleryServicesResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  listGalleryItems: route({
    method: 'GET',
    path: 'api/gallary/all-items',
    group: 'gallery',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listGalleryItemsResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  listGalleryByService: route({
    method: 'GET',
    path: 'api/gallary/all-items2',
    group: 'gallery',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listGalleryByServiceResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  listJobOpenings: route({
    method: 'GET',
    path: 'api/job-openings',
    group: 'job-openings',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listJobOpeningsResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  createContactLead: route({
    method: 'POST',
    path: 'api/contact/addnew',
    group: 'contact',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: createContactLeadBodySchema,
    response: createContactLeadResponseSchema,
    successStatus: 201,
  }),
  createFreeTrialLead: route({
    method: 'POST',
    path: 'api/free-trial-leads',
    group: 'free-trial-leads',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: createFreeTrialLeadBodySchema,
    response: createFreeTrialLeadResponseSchema,
    successStatus: 201,
  }),
  signUp: route({
    method: 'POST',
    path: 'api/users/signup',
    group: 'users',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: signUpBodySchema,
    response: signUpResponseSchema,
    successStatus: 201,
  }),
  verifyEmail: route({
    method: 'POST',
    path: 'api/users/verify-email',
    group: 'users',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: verifyEmailBodySchema,
    response: messageResponseSchema,
  }),
  resendCode: route({
    method: 'POST',
    path: 'api/users/resend-code',
    group: 'users',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: emailOnlyBodySchema,
    response: messageResponseSchema,
  }),
  signIn: route({
    method: 'POST',
    path: 'api/users/signin',
    group: 'users',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: signInBodySchema,
    response: signInResponseSchema,
  }),
  forgotPassword: route({
    method: 'POST',
    path: 'api/users/forgot-password',
    group: 'users',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: emailOnlyBodySchema,
    response: messageResponseSchema,
  }),
  resetPassword: route({
    method: 'POST',
    path: 'api/users/reset-password',
    group: 'users',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: resetPasswordBodySchema,
    response: messageResponseSchema,
  }),
  // Ends every session of the caller's account, on every device (#32): docs/access.md, "Revocation".
  signOutEverywhere: route({
    method: 'POST',
    path: 'api/users/sign-out-everywhere',
    group: 'users',
    access: ['CLIENT', 'SUPER_ADMIN', 'MANAGER', 'EDITOR'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: messageResponseSchema,
  }),
  getUploadLink: route({
    method: 'GET',
    path: 'api/get-upload-link',
    group: 'uploads',
    access: ['CLIENT'],
    params: emptyObjectSchema,
    query: getUploadLinkQuerySchema,
    response: getUploadLinkResponseSchema,
  }),
  // A group of its own: the one job route that reads the client's uploads (S3), so the other job
  // routes' function carries no S3 client (docs/decisions.md, #19 bundle budget).
  createJob: route({
    method: 'POST',
    path: 'api/jobs',
    group: 'job-orders',
    access: ['CLIENT'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: createJobBodySchema,
    response: jobResponseSchema,
    // A replay with the same Idempotency-Key answers the same 201 and body (IETF draft).
    successStatus: 201,
  }),
  listClientJobs: route({
    method: 'GET',
    path: 'api/jobs/client/{userId}',
    group: 'jobs',
    access: ['CLIENT', 'SUPER_ADMIN', 'MANAGER'],
    params: userIdParamsSchema,
    query: emptyObjectSchema,
    response: listJobsResponseSchema,
  }),
  listUserJobs: route({
    method: 'GET',
    path: 'api/jobs/user-jobs',
    group: 'jobs',
    access: ['CLIENT', 'SUPER_ADMIN', 'MANAGER'],
    params: emptyObjectSchema,
    query: userIdQuerySchema,
    response: listJobsResponseSchema,
  }),
  getJob: route({
    method: 'GET',
    path: 'api/jobs/{id}',
    group: 'jobs',
    access: ['CLIENT', 'SUPER_ADMIN', 'MANAGER', 'EDITOR'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: jobResponseSchema,
  }),
  choosePayment: route({
    method: 'PUT',
    path: 'api/jobs/{id}/payment',
    group: 'jobs',
    access: ['CLIENT'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: choosePaymentBodySchema,
    response: jobResponseSchema,
  }),
  // A job's files both ways (issue 15): the client's photos reach the studio, finished files go back.
  confirmPhoto: route({
    method: 'POST',
    path: 'api/uploads/{uploadId}/photos',
    group: 'uploads',
    access: ['CLIENT'],
    params: uploadIdParamsSchema,
    query: emptyObjectSchema,
    body: confirmPhotoBodySchema,
    response: confirmPhotoResponseSchema,
    successStatus: 201,
  }),
  listJobPhotos: route({
    method: 'GET',
    path: 'api/jobs/{id}/photos',
    group: 'job-files',
    access: jobFileReaders,
    params: idParamsSchema,
    query: listJobFilesQuerySchema,
    response: listJobPhotosResponseSchema,
  }),
  createDeliverableUploadLink: route({
    method: 'POST',
    path: 'api/jobs/{id}/deliverables/upload-link',
    group: 'job-files',
    access: jobDeliverers,
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: createDeliverableUploadLinkBodySchema,
    response: createDeliverableUploadLinkResponseSchema,
  }),
  confirmDeliverable: route({
    method: 'POST',
    path: 'api/jobs/{id}/deliverables',
    group: 'job-files',
    access: jobDeliverers,
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: confirmDeliverableBodySchema,
    response: confirmDeliverableResponseSchema,
    successStatus: 201,
  }),
  listDeliverables: route({
    method: 'GET',
    path: 'api/jobs/{id}/deliverables',
    group: 'job-files',
    access: jobFileReaders,
    params: idParamsSchema,
    query: listJobFilesQuerySchema,
    response: listDeliverablesResponseSchema,
  }),
  requestArchive: route({
    method: 'POST',
    path: 'api/jobs/{id}/archives/{set}',
    group: 'job-files',
    access: jobFileReaders,
    params: archiveParamsSchema,
    query: emptyObjectSchema,
    response: archiveResponseSchema,
  }),
  getArchive: route({
    method: 'GET',
    path: 'api/jobs/{id}/archives/{set}',
    group: 'job-files',
    access: jobFileReaders,
    params: archiveParamsSchema,
    query: emptyObjectSchema,
    response: archiveResponseSchema,
  }),
  // Staff console, part A of issue 5: staff accounts, users, the job workflow.
  staffSignIn: route({
    method: 'POST',
    path: 'api/admin/signin',
    group: 'admin',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: staffSignInBodySchema,
    response: staffSignInResponseSchema,
  }),
  inviteStaff: route({
    method: 'POST',
    path: 'api/admin/invite',
    group: 'admin',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: inviteStaffBodySchema,
    response: staffAccountResponseSchema,
    successStatus: 201,
  }),
  setStaffStatus: route({
    method: 'PUT',
    path: 'api/admin/{id}/status',
    group: 'admin',
    access: ['SUPER_ADMIN'],
    params: accountIdParamsSchema,
    query: emptyObjectSchema,
    body: setStaffStatusBodySchema,
    response: staffAccountResponseSchema,
  }),
  deleteStaff: route({
    method: 'DELETE',
    path: 'api/admin/{id}',
    group: 'admin',
    access: ['SUPER_ADMIN'],
    params: accountIdParamsSchema,
    query: emptyObjectSchema,
    response: deletedAccountResponseSchema,
  }),
  listEditors: route({
    method: 'GET',
    path: 'api/admin/editors',
    group: 'admin',
    access: ['SUPER_ADMIN', 'MANAGER'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listEditorsResponseSchema,
  }),
  deleteClient: route({
    method: 'DELETE',
    path: 'api/users/{id}',
    group: 'users',
    access: ['SUPER_ADMIN'],
    params: accountIdParamsSchema,
    query: emptyObjectSchema,
    response: deletedAccountResponseSchema,
  }),
  listAllJobs: route({
    method: 'GET',
    path: 'api/jobs',
    group: 'jobs',
    access: ['SUPER_ADMIN', 'MANAGER'],
    params: emptyObjectSchema,
    query: listAllJobsQuerySchema,
    response: listAllJobsResponseSchema,
  }),
  listAssignedJobs: route({
    method: 'GET',
    path: 'api/jobs/assigned-jobs',
    group: 'jobs',
    access: ['EDITOR'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listAssignedJobsResponseSchema,
  }),
  updateJob: route({
    method: 'PUT',
    path: 'api/jobs/{id}',
    group: 'jobs',
    access: ['SUPER_ADMIN', 'MANAGER'],
    params: jobIdParamsSchema,
    query: emptyObjectSchema,
    body: updateJobBodySchema,
    response: jobResponseSchema,
  }),
  assignJob: route({
    method: 'PUT',
    path: 'api/jobs/{id}/assign',
    group: 'jobs',
    access: ['SUPER_ADMIN', 'MANAGER'],
    params: jobIdParamsSchema,
    query: emptyObjectSchema,
    body: assignJobBodySchema,
    response: jobResponseSchema,
  }),
  editorUpdateJob: route({
    method: 'PUT',
    path: 'api/jobs/{id}/editor-update',
    group: 'jobs',
    access: ['EDITOR'],
    params: jobIdParamsSchema,
    query: emptyObjectSchema,
    body: editorUpdateBodySchema,
    response: jobResponseSchema,
  }),
  deleteJob: route({
    method: 'DELETE',
    path: 'api/jobs/{id}',
    group: 'jobs',
    access: ['SUPER_ADMIN'],
    params: jobIdParamsSchema,
    query: emptyObjectSchema,
    response: deletedJobResponseSchema,
  }),
  // Staff console, part B of issue 5: catalogue, images, gallery, service images, home content,
  // job openings, leads. All SUPER_ADMIN (docs/access.md).
  createService: route({
    method: 'POST',
    path: 'api/services',
    group: 'services',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: createServiceBodySchema,
    response: serviceWriteResponseSchema,
    successStatus: 201,
  }),
  updateService: route({
    method: 'PUT',
    path: 'api/services/{id}',
    group: 'services',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: updateServiceBodySchema,
    response: serviceWriteResponseSchema,
  }),
  // Issue 17: a service's turnarounds and volume tiers (docs/access.md).
  updatePricingRules: route({
    method: 'PUT',
    path: 'api/services/{id}/pricing-rules',
    group: 'services',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: updatePricingRulesBodySchema,
    response: serviceWriteResponseSchema,
  }),
  deleteService: route({
    method: 'DELETE',
    path: 'api/services/{id}',
    group: 'services',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: deletedResponseSchema,
  }),
  createSubServiceWithPrices: route({
    method: 'POST',
    path: 'api/subServices/withPrices',
    group: 'subservices',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: createSubServiceBodySchema,
    response: subServiceWriteResponseSchema,
    successStatus: 201,
  }),
  createSubServiceWithPricesAndImages: route({
    method: 'POST',
    path: 'api/subServices/withPricesAndImages',
    group: 'subservices',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: createSubServiceWithImagesBodySchema,
    response: subServiceWriteResponseSchema,
    successStatus: 201,
  }),
  updateSubService: route({
    method: 'PUT',
    path: 'api/subServices/updatesubservice/{id}',
    group: 'subservices',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: updateSubServiceBodySchema,
    response: subServiceWriteResponseSchema,
  }),
  deleteSubService: route({
    method: 'DELETE',
    path: 'api/subServices/delete/{id}',
    group: 'subservices',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: deletedResponseSchema,
  }),
  createImageUploadLink: route({
    method: 'POST',
    path: 'api/images/upload-link',
    group: 'images',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: createImageUploadLinkBodySchema,
    response: createImageUploadLinkResponseSchema,
  }),
  confirmImage: route({
    method: 'POST',
    path: 'api/images',
    group: 'images',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: confirmImageBodySchema,
    response: confirmImageResponseSchema,
    successStatus: 201,
  }),
  createGalleryItem: route({
    method: 'POST',
    path: 'api/gallary/new-item',
    group: 'gallery',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: createGalleryItemBodySchema,
    response: galleryItemWriteResponseSchema,
    successStatus: 201,
  }),
  updateGalleryItem: route({
    method: 'PUT',
    path: 'api/gallary/{id}',
    group: 'gallery',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: updateGalleryItemBodySchema,
    response: galleryItemWriteResponseSchema,
  }),
  deleteGalleryItem: route({
    method: 'DELETE',
    path: 'api/gallary/{id}',
    group: 'gallery',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: deletedResponseSchema,
  }),
  bulkInsertServiceImages: route({
    method: 'POST',
    path: 'api/carousal/bulk-insert',
    group: 'carousel',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: bulkInsertServiceImagesBodySchema,
    response: serviceImagesWriteResponseSchema,
    successStatus: 201,
  }),
  bulkDeleteServiceImages: route({
    method: 'DELETE',
    path: 'api/carousal/bulk-delete',
    group: 'carousel',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: bulkDeleteServiceImagesBodySchema,
    response: serviceImagesWriteResponseSchema,
  }),
  reorderServiceImages: route({
    method: 'PUT',
    path: 'api/carousal/reorder',
    group: 'carousel',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: reorderServiceImagesBodySchema,
    response: serviceImagesWriteResponseSchema,
  }),
  createSliderImage: route({
    method: 'POST',
    path: 'api/slider-images',
    group: 'slider-images',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: createSliderImageBodySchema,
    response: sliderImageWriteResponseSchema,
    successStatus: 201,
  }),
  deleteSliderImage: route({
    method: 'DELETE',
    path: 'api/slider-images/{id}',
    group: 'slider-images',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: deletedResponseSchema,
  }),
  reorderSliderImages: route({
    method: 'PUT',
    path: 'api/slider-images/order',
    group: 'slider-images',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: reorderBodySchema,
    response: sliderImagesResponseSchema,
  }),
  createTestimonial: route({
    method: 'POST',
    path: 'api/testimonials',
    group: 'testimonials',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: testimonialBodySchema,
    response: testimonialWriteResponseSchema,
    successStatus: 201,
  }),
  updateTestimonial: route({
    method: 'PUT',
    path: 'api/testimonials/{id}',
    group: 'testimonials',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: testimonialBodySchema,
    response: testimonialWriteResponseSchema,
  }),
  deleteTestimonial: route({
    method: 'DELETE',
    path: 'api/testimonials/{id}',
    group: 'testimonials',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: deletedResponseSchema,
  }),
  reorderTestimonials: route({
    method: 'PUT',
    path: 'api/testimonials/order',
    group: 'testimonials',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: reorderBodySchema,
    response: testimonialsResponseSchema,
  }),
  listAllJobOpenings: route({
    method: 'GET',
    path: 'api/job-openings/all',
    group: 'job-openings',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listAllJobOpeningsResponseSchema,
  }),
  createJobOpening: route({
    method: 'POST',
    path: 'api/job-openings',
    group: 'job-openings',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: jobOpeningBodySchema,
    response: jobOpeningWriteResponseSchema,
    successStatus: 201,
  }),
  updateJobOpening: route({
    method: 'PUT',
    path: 'api/job-openings/{id}',
    group: 'job-openings',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: jobOpeningBodySchema,
    response: jobOpeningWriteResponseSchema,
  }),
  deleteJobOpening: route({
    method: 'DELETE',
    path: 'api/job-openings/{id}',
    group: 'job-openings',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: deletedResponseSchema,
  }),
  listContactLeads: route({
    method: 'GET',
    path: 'api/contact/all-leads',
    group: 'contact',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: listLeadsQuerySchema,
    response: listContactLeadsResponseSchema,
  }),
  listFreeTrialLeads: route({
    method: 'GET',
    path: 'api/free-trial-leads/all',
    group: 'free-trial-leads',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: listLeadsQuerySchema,
    response: listFreeTrialLeadsResponseSchema,
  }),
  // Job applications (issue 6): a public form with two uploads, read by staff. See docs/access.md.
  createApplicationUploadLink: route({
    method: 'POST',
    path: 'api/job-openings/job-applications/upload-link',
    group: 'applications',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: createApplicationUploadLinkBodySchema,
    response: createApplicationUploadLinkResponseSchema,
  }),
  createJobApplication: route({
    method: 'POST',
    path: 'api/job-openings/job-applications',
    group: 'applications',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: createJobApplicationBodySchema,
    response: createJobApplicationResponseSchema,
    successStatus: 201,
  }),
  listApplications: route({
    method: 'GET',
    path: 'api/applications',
    group: 'applications',
    access: applicationReaders,
    params: emptyObjectSchema,
    query: listApplicationsQuerySchema,
    response: listApplicationsResponseSchema,
  }),
  getApplication: route({
    method: 'GET',
    path: 'api/applications/{id}',
    group: 'applications',
    access: applicationReaders,
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: getApplicationResponseSchema,
  }),
  downloadApplicationResume: route({
    method: 'GET',
    path: 'api/applications/{id}/resume',
    group: 'applications',
    access: applicationReaders,
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: applicationDownloadResponseSchema,
  }),
  downloadApplicationCoverLetter: route({
    method: 'GET',
    path: 'api/applications/{id}/coverletter',
    group: 'applications',
    access: applicationReaders,
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: applicationDownloadResponseSchema,
  }),
  // Payments (issue 16): Stripe Checkout, its signed webhook, transfers marked paid, refunds,
  // invoices and the studio's settings. See docs/access.md.
  startCheckout: route({
    method: 'POST',
    path: 'api/jobs/{id}/checkout',
    group: 'payments',
    access: ['CLIENT'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: checkoutResponseSchema,
  }),
  stripeWebhook: route({
    method: 'POST',
    path: 'api/payments/stripe-webhook',
    group: 'payments',
    // Stripe calls it: no token, the Stripe-Signature header over the raw body is the check.
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    rawBody: true,
    response: webhookResponseSchema,
  }),
  getBankTransfer: route({
    method: 'GET',
    path: 'api/jobs/{id}/payment/bank-transfer',
    group: 'payments',
    access: ['CLIENT'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: bankTransferResponseSchema,
  }),
  markPaid: route({
    method: 'PUT',
    path: 'api/jobs/{id}/payment/mark-paid',
    group: 'payments',
    access: ['SUPER_ADMIN', 'MANAGER'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: markPaidBodySchema,
    response: jobResponseSchema,
  }),
  refundJob: route({
    method: 'POST',
    path: 'api/jobs/{id}/refund',
    group: 'payments',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: refundBodySchema,
    response: refundResponseSchema,
  }),
  getJobHistory: route({
    method: 'GET',
    path: 'api/jobs/{id}/history',
    group: 'jobs',
    access: ['CLIENT', 'SUPER_ADMIN', 'MANAGER'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: jobHistoryResponseSchema,
  }),
  // Issue 17: a manager moves a job's due time, with a reason (a history entry).
  moveJobDue: route({
    method: 'PUT',
    path: 'api/jobs/{id}/due',
    group: 'jobs',
    access: ['SUPER_ADMIN', 'MANAGER'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: moveDueBodySchema,
    response: jobResponseSchema,
  }),
  getInvoice: route({
    method: 'GET',
    path: 'api/jobs/{id}/invoice',
    group: 'documents',
    access: ['CLIENT', 'SUPER_ADMIN', 'MANAGER'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: invoiceResponseSchema,
  }),
  getSettings: route({
    method: 'GET',
    path: 'api/settings',
    group: 'settings',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: studioSettingsResponseSchema,
  }),
  updateSettings: route({
    method: 'PUT',
    path: 'api/settings',
    group: 'settings',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: studioSettingsFieldsSchema,
    response: studioSettingsResponseSchema,
  }),
  // Notifications (issue 18): each signed-in person's e-mail switches, and the e-mails staff must
  // know were not delivered. See docs/access.md.
  getNotificationPreferences: route({
    method: 'GET',
    path: 'api/notification-preferences',
    group: 'notifications',
    access: ['CLIENT', 'SUPER_ADMIN', 'MANAGER', 'EDITOR'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: notificationPreferencesResponseSchema,
  }),
  updateNotificationPreferences: route({
    method: 'PUT',
    path: 'api/notification-preferences',
    group: 'notifications',
    access: ['CLIENT', 'SUPER_ADMIN', 'MANAGER', 'EDITOR'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: updateNotificationPreferencesBodySchema,
    response: notificationPreferencesResponseSchema,
  }),
  listUndeliveredEmails: route({
    method: 'GET',
    path: 'api/notifications/undelivered',
    group: 'notifications',
    access: ['SUPER_ADMIN', 'MANAGER'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listUndeliveredEmailsResponseSchema,
  }),
  // The job lifecycle (issue 17): the client approves a delivery or sends it back, cancels or asks
  // to cancel; a manager decides; everyone who may see the job reads its timeline. See docs/access.md.
  approveJob: route({
    method: 'PUT',
    path: 'api/jobs/{id}/approve',
    group: 'jobs',
    access: ['CLIENT'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: jobResponseSchema,
  }),
  createRevisionRequest: route({
    method: 'POST',
    path: 'api/jobs/{id}/revision-requests',
    group: 'jobs',
    access: ['CLIENT'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: createRevisionRequestBodySchema,
    response: createRevisionRequestResponseSchema,
    successStatus: 201,
  }),
  listRevisionRequests: route({
    method: 'GET',
    path: 'api/jobs/{id}/revision-requests',
    // Its reference images are signed S3 links, as the job's photos are.
    group: 'job-files',
    access: jobFileReaders,
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: listRevisionRequestsResponseSchema,
  }),
  getJobTimeline: route({
    method: 'GET',
    path: 'api/jobs/{id}/timeline',
    group: 'jobs',
    access: ['CLIENT', 'SUPER_ADMIN', 'MANAGER', 'EDITOR'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: jobTimelineResponseSchema,
  }),
  cancelJob: route({
    method: 'POST',
    path: 'api/jobs/{id}/cancel',
    group: 'jobs',
    access: ['CLIENT'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: jobResponseSchema,
  }),
  requestCancellation: route({
    method: 'POST',
    path: 'api/jobs/{id}/cancellation-request',
    group: 'jobs',
    access: ['CLIENT'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: createCancellationRequestBodySchema,
    response: jobResponseSchema,
    successStatus: 201,
  }),
  decideCancellation: route({
    method: 'PUT',
    path: 'api/jobs/{id}/cancellation-request',
    group: 'jobs',
    access: ['SUPER_ADMIN', 'MANAGER'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: decideCancellationBodySchema,
    response: jobResponseSchema,
  }),
} as const satisfies Record<string, RouteDefinition>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

export type RouteParams<N extends RouteName> = z.infer<Routes[N]['params']>;
export type RouteQuery<N extends RouteName> = z.infer<Routes[N]['query']>;
export type RouteBody<N extends RouteName> = Routes[N] extends { body: z.ZodMiniType }
  ? z.infer<Routes[N]['body']>
  : undefined;
export type RouteResponse<N extends RouteName> = z.infer<Routes[N]['response']>;

/* @__NO_SIDE_EFFECTS__ */
function listRoutes(table: Routes) {
  return (Object.keys(table) as RouteName[]).map((name) => ({ name, ...(table[name] as RouteDefinition) }));
}

/** Every route as a list, with its name. */
export const routeList = listRoutes(routes);

/** Fills `{name}` parameters of a route path: `fillPath('api/services/{id}', {id})` -> `/api/services/..`. */
export function fillPath(path: string, params: Record<string, string>): string {
  return (
    '/' +
    path.replace(/\{(\w+)\}/g, (_, key: string) => {
      const value = params[key];
      if (value === undefined) throw new Error(`missing path parameter ${key}`);
      return encodeURIComponent(value);
    })
  );
}

/** Whether a principal (or an anonymous caller, `null`) may call a route with this access. */
export function isAllowed(access: Access, principal: Principal | null): boolean {
  if (access === 'public') return true;
  return principal !== null && access.includes(principal);
}
