/**
 * Walks every route of the route table with every role and checks the answer the route's access
 * allows: anonymous callers of a protected route get 401, signed-in callers without the role 403,
 * and allowed callers neither. A route added to the table must add its sample request here (the
 * type below demands one), so it is covered the day it is declared.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { jobResponseSchema } from '@studio/shared/job';
import { isAllowed, type Principal } from '@studio/shared/access';
import { routeList, routes, type RouteName } from '@studio/shared/routes';
import { listServicesResponseSchema } from '@studio/shared/service';
import { api, expectEnvelope, roles, signedInIdentities, type Identity, type Role } from './support.ts';
import { invitationPassword } from './staff-support.ts';

interface Sample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

interface Fixtures {
  serviceId: string;
  subServiceId: string;
  /**
   * A job of CLIENT_A, paid (so its finished files are released to CLIENT_A, #16): other callers
   * reach the route and meet its item rule (404).
   */
  jobId: string;
  /** That job's number (#15), which `GET api/jobs?q=` finds it by (#40). */
  jobNumber: string;
  /** The seeded demo client, for a real sign-in. */
  client: { email: string; password: string };
}

/** A valid request for each route: what an allowed caller would send. */
const samples: Record<RouteName, (f: Fixtures, caller: Identity) => Sample> = {
  listServices: () => ({}),
  getOpenApiDocument: () => ({}),
  getService: (f) => ({ params: { id: f.serviceId } }),
  listSubServices: (f) => ({ query: { serviceId: f.serviceId } }),
  listSubServicesOfService: (f) => ({ params: { id: f.serviceId } }),
  getPricing: () => ({}),
  listTestimonials: () => ({}),
  listSliderImages: () => ({}),
  listClients: () => ({}),
  listStaff: () => ({}),
  listCarouselServices: () => ({}),
  listServiceImages: (f) => ({ params: { id: f.serviceId }, query: { page: '1', limit: '50' } }),
  listGalleryServices: () => ({}),
  listGalleryItems: () => ({}),
  listGalleryByService: () => ({}),
  listJobOpenings: () => ({}),
  createContactLead: () => ({
    body: { name: 'Ann Sample', email: 'ann@example.test', phone: '+1 555 0100', description: 'Authorization sample.' },
  }),
  signUp: () => ({
    body: {
      username: 'Sample',
      email: `sample-${randomBytes(5).toString('hex')}@example.test`,
      password: `Pw-${randomBytes(6).toString('hex')}-A1`,
    },
  }),
  verifyEmail: () => ({ body: { email: 'nobody@example.test', otp: '123456' } }),
  resendCode: () => ({ body: { email: 'nobody@example.test' } }),
  signIn: (f) => ({ body: { email: f.client.email, password: f.client.password } }),
  forgotPassword: () => ({ body: { email: 'nobody@example.test' } }),
  resetPassword: () => ({ body: { email: 'nobody@example.test', code: '123456', password: 'New-pass-1' } }),
  // A body, which the route takes none of: allowed callers get 400, so the walk signs nobody out.
  // What the route does is in account-access.test.ts and isolated/revocation.test.ts.
  signOutEverywhere: () => ({ body: {} }),
  getUploadLink: () => ({ query: { fileName: 'photo.jpg', contentType: 'image/jpeg', size: '1000' } }),
  createJob: (f) => ({ body: jobSample(f) }),
  // The caller's own id: the generic walk checks route access; cross-client reads are in jobs.test.ts.
  listClientJobs: (_f, caller) => ({ params: { userId: caller.userId ?? anyUserId } }),
  listUserJobs: (_f, caller) => ({ query: { userId: caller.userId ?? anyUserId } }),
  getJob: (f) => ({ params: { id: f.jobId } }),
  // A job's files (issue 15). The fixture job was sent as a link, so allowed callers meet the
  // route's own answers (empty lists, 409 for an archive of nothing, 400 for a file never posted);
  // what the routes do with real files is in job-files.test.ts.
  confirmPhoto: (_f, caller) => ({
    params: { uploadId: sampleUlid },
    body: { key: `client-uploads/${caller.userId ?? anyUserId}/${sampleUlid}/${sampleUlid}.jpg`, fileName: 'a.jpg' },
  }),
  listJobPhotos: (f) => ({ params: { id: f.jobId }, query: { limit: '10' } }),
  // Batch uploads (issue 33): links are only signed; the keys confirmed or completed were never
  // posted, so allowed callers meet refusals by name (200) or a 400; images-upload.test.ts does it for real.
  createUploadLinks: () => ({ body: { files: [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 1000 }] } }),
  completeMultipartUpload: (_f, caller) => ({
    body: {
      key: `client-uploads/${caller.userId ?? anyUserId}/${sampleUlid}/${sampleUlid}.jpg`,
      multipartUploadId: 'never-started',
      parts: [{ partNumber: 1, etag: '"0"' }],
    },
  }),
  confirmPhotoBatch: (_f, caller) => ({
    params: { uploadId: sampleUlid },
    body: {
      photos: [
        { key: `client-uploads/${caller.userId ?? anyUserId}/${sampleUlid}/${sampleUlid}.jpg`, fileName: 'a.jpg' },
      ],
    },
  }),
  createDeliverableUploadLink: (f) => ({
    params: { id: f.jobId },
    body: { fileName: 'done.jpg', contentType: 'image/jpeg', size: 1000 },
  }),
  confirmDeliverable: (f) => ({
    params: { id: f.jobId },
    body: { key: `deliverables/${f.jobId}/${sampleUlid}.jpg`, fileName: 'done.jpg' },
  }),
  listDeliverables: (f) => ({ params: { id: f.jobId } }),
  requestArchive: (f) => ({ params: { id: f.jobId, set: 'photos' } }),
  getArchive: (f) => ({ params: { id: f.jobId, set: 'deliverables' } }),
  // Images (issue 33). The fixture job was sent as a link: allowed callers meet the routes' own
  // answers (409: no images; 404 for an unknown job). What they do with images: images-api.test.ts.
  listJobImages: (f) => ({ params: { id: f.jobId }, query: { limit: '10' } }),
  getJobImage: (f) => ({ params: { id: f.jobId, imageId: sampleUlid } }),
  createVersionUploadLinks: (f) => ({
    params: { id: f.jobId },
    body: { files: [{ fileName: 'done.psd', contentType: 'image/vnd.adobe.photoshop', size: 1000 }] },
  }),
  deliverImageVersion: (f) => ({
    params: { id: f.jobId, imageId: sampleUlid },
    body: { key: `deliverables/${f.jobId}/${sampleUlid}.jpg`, fileName: 'done.jpg' },
  }),
  deliverImages: (f) => ({
    params: { id: f.jobId },
    body: { files: [{ key: `deliverables/${f.jobId}/${sampleUlid}.jpg`, fileName: 'done.jpg' }] },
  }),
  decideImageQc: () => ({ params: { id: sampleUlid, imageId: sampleUlid }, body: { decision: 'PASS' } }),
  listQcImages: () => ({ query: { limit: '5' } }),
  // The client's review (issue 34): the owner meets the link job's 409 (no images), others the 404.
  reviewImage: (f) => ({
    params: { id: f.jobId, imageId: sampleUlid },
    body: { decision: 'REJECT', annotations: [{ kind: 'pin', points: [[0.5, 0.5]], comment: 'Here.' }] },
  }),
  withdrawImageReview: (f) => ({ params: { id: f.jobId, imageId: sampleUlid } }),
  approveRemainingImages: (f) => ({ params: { id: f.jobId } }),
  choosePayment: (f) => ({
    params: { id: f.jobId },
    body: { method: 'PayPal', currency: 'USD', acceptTerms: true },
  }),
  // Staff accounts and the job workflow (issue 5, part A). Account ids that do not exist are enough
  // for the allowed callers (404); the rules themselves are in staff-accounts.test.ts and
  // staff-jobs.test.ts, and the item-level cases at the end of this file.
  staffSignIn: () => ({ body: seededStaff('EDITOR') }),
  inviteStaff: () => ({
    body: { email: `invitee-${randomBytes(5).toString('hex')}@example.test`, username: 'Sample', role: 'MANAGER' },
  }),
  setStaffStatus: () => ({ params: { id: anyUserId }, body: { status: 'ACTIVE' } }),
  deleteStaff: () => ({ params: { id: anyUserId } }),
  listEditors: () => ({}),
  deleteClient: () => ({ params: { id: anyUserId } }),
  listAllJobs: () => ({ query: { limit: '5' } }),
  listAssignedJobs: () => ({}),
  // In table order: a manager's progress, the assignment to the seeded EDITOR, then that editor's update.
  updateJob: (f) => ({ params: { id: f.jobId }, body: { progress: 10 } }),
  assignJob: (f) => ({ params: { id: f.jobId }, body: { editorId: identities.EDITOR.userId! } }),
  editorUpdateJob: (f) => ({
    params: { id: f.jobId },
    body: { progress: 20, editorDropboxLink: 'https://example.test/delivered' },
  }),
  // An id with no job: 404 for the SUPER_ADMIN; deleting real jobs is in staff-jobs.test.ts.
  deleteJob: () => ({ params: { id: '01J00000000000000000000000' } }),
  createFreeTrialLead: (f) => ({
    body: {
      serviceId: f.serviceId,
      service: 'Ecommerce',
      name: 'Ann Sample',
      email: 'ann@example.test',
      imageLink: 'https://example.test/photo.jpg',
    },
  }),
  // Job applications (issue 6): unknown ids are enough here (400/404 for allowed callers); what
  // the routes do with real openings and files is in applications.test.ts.
  createApplicationUploadLink: () => ({
    body: { jobOpeningId: sampleUlid, kind: 'resume', fileName: 'cv.pdf', size: 1000 },
  }),
  createJobApplication: () => ({
    body: {
      jobOpeningId: sampleUlid,
      email: 'ann@example.test',
      fullName: 'Ann Sample',
      contactNo: '+12025550123',
      currentLocation: 'Austin',
      overallExperience: '3 years',
      noticePeriod: '1 month',
      resume: { key: `uploads/${sampleUlid}.pdf`, fileName: 'cv.pdf' },
    },
  }),
  listApplications: () => ({ query: { page: '1', limit: '10' } }),
  getApplication: () => ({ params: { id: sampleUlid } }),
  downloadApplicationResume: () => ({ params: { id: sampleUlid } }),
  downloadApplicationCoverLetter: () => ({ params: { id: sampleUlid } }),
  // Catalogue, images, gallery, service images, home content, openings, leads (issue 5, part B).
  // Allowed callers get 400 (images never uploaded) or 404 (unknown ids), so the walk changes
  // nothing; what the routes do is in staff-catalogue.test.ts and staff-showcase.test.ts.
  createService: () => ({
    body: { name: 'Sample', description: 'Sample.', beforeImage: sampleImage, afterImage: sampleImage },
  }),
  updateService: () => ({ params: { id: sampleUlid }, body: { name: 'Sample', description: 'Sample.', order: 1 } }),
  deleteService: () => ({ params: { id: sampleUlid } }),
  updatePricingRules: () => ({
    params: { id: sampleUlid },
    body: { turnarounds: [{ id: 'standard', name: 'Standard', hours: 48, multiplier: 1 }], volumeTiers: [] },
  }),
  createSubServiceWithPrices: () => ({
    body: { serviceId: sampleUlid, name: 'Sample', description: 'Sample.', prices: [{ currency: 'USD', price: 1 }] },
  }),
  createSubServiceWithPricesAndImages: () => ({
    body: {
      serviceId: sampleUlid,
      name: 'Sample',
      description: 'Sample.',
      prices: [{ currency: 'USD', price: 1 }],
      beforeImage: sampleImage,
      afterImage: sampleImage,
    },
  }),
  updateSubService: () => ({
    params: { id: sampleUlid },
    body: { name: 'Sample', description: 'Sample.', order: 0, prices: [{ currency: 'USD', price: 1 }] },
  }),
  deleteSubService: () => ({ params: { id: sampleUlid } }),
  createImageUploadLink: () => ({ body: { fileName: 'a.png', contentType: 'image/png', size: 1000 } }),
  confirmImage: () => ({ body: { key: `pending/${sampleUlid}.png` } }),
  createGalleryItem: () => ({
    body: { serviceId: sampleUlid, title: 'Sample', beforeImage: sampleImage, afterImage: sampleImage },
  }),
  updateGalleryItem: () => ({
    params: { id: sampleUlid },
    body: { serviceId: sampleUlid, title: 'Sample', displayOrder: 1 },
  }),
  deleteGalleryItem: () => ({ params: { id: sampleUlid } }),
  bulkInsertServiceImages: () => ({
    body: { serviceId: sampleUlid, images: [{ imageUrl: sampleImage, imageName: 'a.png' }] },
  }),
  bulkDeleteServiceImages: () => ({ body: { serviceId: sampleUlid, imageIds: [sampleUlid] } }),
  reorderServiceImages: () => ({ body: { serviceId: sampleUlid, imageOrders: [{ id: sampleUlid, order: 1 }] } }),
  createSliderImage: () => ({ body: { imagePath: sampleImage } }),
  deleteSliderImage: () => ({ params: { id: sampleUlid } }),
  reorderSliderImages: () => ({ body: { ids: [sampleUlid] } }),
  createTestimonial: () => ({ body: { text: '', author: 'Sample' } }),
  updateTestimonial: () => ({ params: { id: sampleUlid }, body: { text: 'Sample.', author: 'Sample' } }),
  deleteTestimonial: () => ({ params: { id: sampleUlid } }),
  reorderTestimonials: () => ({ body: { ids: [sampleUlid] } }),
  listAllJobOpenings: () => ({}),
  createJobOpening: () => ({ body: { title: '', description: 'Sample.' } }),
  updateJobOpening: () => ({ params: { id: sampleUlid }, body: { title: 'Sample', description: 'Sample.' } }),
  deleteJobOpening: () => ({ params: { id: sampleUlid } }),
  listContactLeads: () => ({ query: { search: 'sample' } }),
  listFreeTrialLeads: () => ({ query: { search: 'sample' } }),
  // Payments (issue 16). The owner starts a real checkout with the Stripe emulator; the webhook
  // refuses a body without a signature (400) whoever sends it; staff writes name an unknown job
  // (404) and settings an invalid rate (400), so the walk pays, refunds and changes nothing.
  // What the routes do is in payments.test.ts.
  startCheckout: (f) => ({ params: { id: f.jobId } }),
  stripeWebhook: () => ({ body: { id: 'evt_sample', type: 'checkout.session.completed' } }),
  getBankTransfer: (f) => ({ params: { id: f.jobId } }),
  markPaid: () => ({ params: { id: sampleUlid }, body: { amountCents: 100, reference: 'Sample' } }),
  refundJob: () => ({ params: { id: sampleUlid }, body: { reason: 'Sample' } }),
  // The owner's checklist (#40): a read.
  getStudioSetup: () => ({}),
  getStudioOverview: () => ({}),
  listOverviewJobs: () => ({ query: { figure: 'revenue', month: '2019-01', currency: 'EUR' } }),
  getJobHistory: (f) => ({ params: { id: f.jobId } }),
  moveJobDue: () => ({ params: { id: sampleUlid }, body: { dueAt: '2030-01-01T12:00:00.000Z', reason: 'Sample' } }),
  getInvoice: (f) => ({ params: { id: f.jobId } }),
  listCreditNotes: (f) => ({ params: { id: f.jobId } }),
  getCreditNote: (f) => ({ params: { id: f.jobId, number: 'CN-2026-0001' } }),
  getSettings: () => ({}),
  getPaymentTerms: () => ({}),
  getStudioTimeZone: () => ({}),
  updateSettings: () => ({
    body: {
      legalName: 'Sample',
      address: '',
      taxId: '',
      bankDetails: '',
      vatRatePercent: -1,
      releaseFilesBeforePayment: false,
      freeRevisionRounds: 2,
      autoApprovalDays: 7,
    },
  }),
  getNotificationPreferences: () => ({}),
  // No switch changed: valid for every role, and leaves the seeded accounts' settings alone.
  updateNotificationPreferences: () => ({ body: { preferences: {} } }),
  listUndeliveredEmails: () => ({}),
  // The job lifecycle (issue 17). The fixture job is CLIENT_A's and PENDING: its owner meets the
  // routes' state rules (409: nothing delivered to approve or send back); writes that would change
  // a job name an unknown one (404). What the routes do is in job-lifecycle.test.ts.
  approveJob: (f) => ({ params: { id: f.jobId } }),
  createRevisionRequest: (f) => ({ params: { id: f.jobId }, body: { notes: 'Sample.' } }),
  listRevisionRequests: (f) => ({ params: { id: f.jobId } }),
  getJobTimeline: (f) => ({ params: { id: f.jobId } }),
  cancelJob: () => ({ params: { id: sampleUlid } }),
  requestCancellation: () => ({ params: { id: sampleUlid }, body: { reason: 'Sample.' } }),
  decideCancellation: () => ({ params: { id: sampleUlid }, body: { decision: 'DECLINED' } }),
  // Organisations (#35): CLIENT only. Reads and writes name an organisation the caller is no member
  // of (404); what members may do is in organisations.test.ts.
  createOrganisation: () => ({ body: { name: 'Sample organisation' } }),
  listOrganisations: () => ({}),
  getOrganisation: () => ({ params: { id: sampleUlid } }),
  updateOrganisation: () => ({
    params: { id: sampleUlid },
    body: { name: 'Sample', billing: { legalName: '', addressLines: '', country: '', vatNumber: '' } },
  }),
  listMembers: () => ({ params: { id: sampleUlid } }),
  updateMember: () => ({ params: { id: sampleUlid, accountId: anyUserId }, body: { role: 'VIEWER' } }),
  removeMember: () => ({ params: { id: sampleUlid, accountId: anyUserId } }),
  createInvitation: () => ({ params: { id: sampleUlid }, body: { email: 'invitee@example.test', role: 'BUYER' } }),
  listInvitations: () => ({ params: { id: sampleUlid } }),
  revokeInvitation: () => ({ params: { id: sampleUlid, invitationId: sampleUlid } }),
  listMyInvitations: () => ({}),
  acceptInvitation: () => ({ params: { invitationId: sampleUlid } }),
  listOrganisationJobs: () => ({ params: { id: sampleUlid } }),
  // Style specs (#35): an organisation's specs follow its membership (404 here, where the caller is
  // no member); house specs are written by SUPER_ADMIN; a job's spec follows the job's files.
  createSpec: () => ({ params: { id: sampleUlid }, body: { name: 'Sample spec' } }),
  listSpecs: () => ({ params: { id: sampleUlid } }),
  getSpec: () => ({ params: { id: sampleUlid, specId: sampleUlid } }),
  updateSpec: () => ({ params: { id: sampleUlid, specId: sampleUlid }, body: { name: 'Sample', expectedVersion: 1 } }),
  deleteSpec: () => ({ params: { id: sampleUlid, specId: sampleUlid } }),
  createReferenceUploadLink: () => ({
    params: { id: sampleUlid },
    body: { fileName: 'reference.jpg', contentType: 'image/jpeg', size: 1000 },
  }),
  copyHouseSpec: () => ({ params: { id: sampleUlid, houseSpecId: sampleUlid } }),
  listHouseSpecs: () => ({}),
  createHouseSpec: () => ({ body: { name: 'Sample house spec' } }),
  updateHouseSpec: () => ({ params: { specId: sampleUlid }, body: { name: 'Sample house spec' } }),
  deleteHouseSpec: () => ({ params: { specId: sampleUlid } }),
  createHouseReferenceUploadLink: () => ({
    body: { fileName: 'reference.jpg', contentType: 'image/jpeg', size: 1000 },
  }),
  getJobSpec: (f) => ({ params: { id: f.jobId } }),
  // API keys (#36): OWNERs of the organisation; here one the caller is no member of (404).
  createApiKey: () => ({ params: { id: sampleUlid }, body: { name: 'Sample key', scopes: ['jobs:read'] } }),
  listApiKeys: () => ({ params: { id: sampleUlid } }),
  revokeApiKey: () => ({ params: { id: sampleUlid, keyId: sampleUlid } }),
  // Webhooks (#36): OWNERs of the organisation; here one the caller is no member of (404). What
  // each role of a member gets is in webhooks.test.ts.
  createWebhook: () => ({
    params: { id: sampleUlid },
    body: { url: 'https://hooks.example.test/studio', events: ['job.created'] },
  }),
  listWebhooks: () => ({ params: { id: sampleUlid } }),
  updateWebhook: () => ({ params: { id: sampleUlid, hookId: sampleUlid }, body: { enabled: true } }),
  deleteWebhook: () => ({ params: { id: sampleUlid, hookId: sampleUlid } }),
  listWebhookDeliveries: () => ({ params: { id: sampleUlid, hookId: sampleUlid } }),
  testWebhook: () => ({ params: { id: sampleUlid, hookId: sampleUlid } }),
};

const sampleImage = `/media/images/${'0'.repeat(26)}.png`;

const sampleUlid = '01J00000000000000000000000';

const anyUserId = '00000000-0000-4000-8000-000000000000';

function seededStaff(role: 'SUPER_ADMIN' | 'MANAGER' | 'EDITOR') {
  const account = inject('accounts').find((a) => a.role === role)!;
  return { email: account.email, password: account.password };
}

function jobSample(f: Pick<Fixtures, 'serviceId' | 'subServiceId'>) {
  return {
    serviceId: f.serviceId,
    selectedSubServices: [f.subServiceId],
    linkType: 'own',
    dropboxLink: 'https://example.test/photos',
    numberOfPhotos: 2,
  };
}

const principalOf: Record<Role, Principal | null> = {
  ANONYMOUS: null,
  CLIENT_A: 'CLIENT',
  CLIENT_B: 'CLIENT',
  EDITOR: 'EDITOR',
  MANAGER: 'MANAGER',
  SUPER_ADMIN: 'SUPER_ADMIN',
};

function url(path: string, sample: Sample) {
  const filled = '/' + path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(sample.params?.[key] ?? ''));
  const query = new URLSearchParams(sample.query ?? {}).toString();
  return query ? `${filled}?${query}` : filled;
}

let identities: Record<Role, Identity>;
let fixtures: Fixtures;

beforeAll(async () => {
  identities = await signedInIdentities();
  const services = listServicesResponseSchema.parse((await api('/api/services')).json).services;
  const service = services[0]!;
  const subServiceId = service.subServices.find((s) => s.prices.some((p) => p.currency === 'USD'))!.id;
  const created = await api('/api/jobs', {
    method: 'POST',
    token: identities.CLIENT_A.token,
    body: JSON.stringify(jobSample({ serviceId: service.id, subServiceId })),
    headers: { 'content-type': 'application/json' },
  });
  const job = jobResponseSchema.parse(created.json).job;
  // Paid, as a studio marks a transfer: a client's own finished files are not held back for payment.
  const paid = await api(`/api/jobs/${job.id}/payment/mark-paid`, {
    method: 'PUT',
    token: identities.MANAGER.token,
    body: JSON.stringify({ amountCents: job.totalCents, reference: 'Authorization test' }),
    headers: { 'content-type': 'application/json' },
  });
  expect(paid.status, paid.text).toBe(200);
  const client = inject('accounts').find((a) => a.role === 'CLIENT')!;
  fixtures = {
    serviceId: service.id,
    subServiceId,
    jobId: job.id,
    jobNumber: job.jobNumber!,
    client: { email: client.email, password: client.password },
  };
});

/** Sends the sample as `role` and checks the answer against the route's access; answers the response. */
async function checkAccess(
  route: Pick<(typeof routeList)[number], 'method' | 'path' | 'access'>,
  role: Role,
  sample: Sample,
) {
  const identity = identities[role];
  const response = await api(url(route.path, sample), {
    method: route.method,
    token: identity.token,
    ...(sample.body !== undefined
      ? { body: JSON.stringify(sample.body), headers: { 'content-type': 'application/json' } }
      : {}),
  });
  const allowed = isAllowed(route.access, principalOf[role]);
  if (allowed) {
    expect(response.status, response.text).not.toBe(401);
    expect(response.status, response.text).not.toBe(403);
    expect(response.status, response.text).toBeLessThan(500);
  } else {
    const expected = identity.token ? 403 : 401;
    expect(response.status, response.text).toBe(expected);
    expectEnvelope(response.json, expected);
  }
  return { allowed, response };
}

describe.each(routeList)('$method /$path', (route) => {
  it.each(roles)('as %s', async (role) => {
    await checkAccess(route, role, samples[route.name](fixtures, identities[role]));
  });
});

/**
 * Queries of a route that read another index than its sample does, walked with every role too:
 * the search of `GET api/jobs?q=` (#40), by job number and by a client's e-mail.
 */
const querySamples: { name: RouteName; label: string; sample: (f: Fixtures) => Sample; finds: boolean }[] = [
  { name: 'listAllJobs', label: 'q, a job number', sample: (f) => ({ query: { q: f.jobNumber } }), finds: true },
  {
    name: 'listAllJobs',
    label: 'q, a client e-mail',
    sample: () => ({ query: { q: 'nobody-at-all@example.test' } }),
    finds: false,
  },
];

describe.each(querySamples)('$name with $label', ({ name, sample, finds }) => {
  it.each(roles)('as %s', async (role) => {
    const { allowed, response } = await checkAccess(routes[name], role, sample(fixtures));
    if (!allowed) return;
    expect(response.status, response.text).toBe(200);
    const ids = (response.json as { jobs: { id: string }[] }).jobs.map((job) => job.id);
    expect(ids).toEqual(finds ? [fixtures.jobId] : []);
  });
});

describe('tokens', () => {
  it('every declared route has a sample request', () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(routes).sort());
  });

  const protectedRoutes = routeList.filter((r) => r.access !== 'public');

  it('the route table has protected routes to check', () => {
    expect(protectedRoutes.length).toBeGreaterThan(0);
  });

  it.each(protectedRoutes)('a tampered token is refused with 401 on $method /$path', async (route) => {
    const token = identities.SUPER_ADMIN.token!;
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    claims.sub = identities.CLIENT_B.userId;
    const forged = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
    const response = await api(url(route.path, samples[route.name](fixtures, identities.SUPER_ADMIN)), {
      method: route.method,
      token: forged,
    });
    expect(response.status).toBe(401);
    expectEnvelope(response.json, 401);
  });

  it.each(protectedRoutes)('a malformed Authorization header is refused with 401 on $method /$path', async (route) => {
    for (const header of ['Bearer', 'Basic abc', 'Bearer not.a.jwt', `Bearer ${'a'.repeat(5000)}`]) {
      const response = await api(url(route.path, samples[route.name](fixtures, identities.SUPER_ADMIN)), {
        method: route.method,
        headers: { authorization: header },
      });
      expect(response.status, header.slice(0, 20)).toBe(401);
      expectEnvelope(response.json, 401);
    }
  });
});

/*
 * Item-level cases of the staff console (issue 5, part A): the generic walk above proves the role
 * of each route; these prove that a permitted role still reaches only its own items.
 */
describe('staff items', () => {
  const staffOnly = routeList.filter((r) => r.access !== 'public' && !r.access.includes('CLIENT'));

  async function anotherEditor(): Promise<string> {
    const email = `editor-b-${randomBytes(5).toString('hex')}@example.test`;
    const admin = identities.SUPER_ADMIN.token;
    const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    const invited = await api('/api/admin/invite', {
      method: 'POST',
      token: admin,
      ...json({ email, username: 'Editor B', role: 'EDITOR' }),
    });
    expect(invited.status, invited.text).toBe(201);
    const temporary = await invitationPassword(email);
    const signedIn = await api('/api/admin/signin', {
      method: 'POST',
      ...json({ email, password: temporary, newPassword: 'Editor-b-pass-1' }),
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    return (signedIn.json as { token: string }).token;
  }

  it("an editor reaches no other editor's job: read, update and list", async () => {
    const editorB = await anotherEditor();
    // The fixture job is assigned to the seeded EDITOR by the walk above (assignJob sample).
    const assigned = await api(`/api/jobs/${fixtures.jobId}`, { token: identities.SUPER_ADMIN.token });
    expect((assigned.json as { job: { editorId: string } }).job.editorId).toBe(identities.EDITOR.userId);
    expectEnvelope((await api(`/api/jobs/${fixtures.jobId}`, { token: editorB })).json, 404);
    const update = await api(`/api/jobs/${fixtures.jobId}/editor-update`, {
      method: 'PUT',
      token: editorB,
      body: JSON.stringify({ progress: 90 }),
      headers: { 'content-type': 'application/json' },
    });
    expectEnvelope(update.json, 404);
    const list = await api('/api/jobs/assigned-jobs', { token: editorB });
    expect((list.json as { assignedJobs: { id: string }[] }).assignedJobs.map((j) => j.id)).not.toContain(
      fixtures.jobId,
    );
    const own = await api('/api/jobs/assigned-jobs', { token: identities.EDITOR.token });
    expect((own.json as { assignedJobs: { id: string }[] }).assignedJobs.map((j) => j.id)).toContain(fixtures.jobId);
  });

  it('a manager is refused every SUPER_ADMIN-only route (403)', async () => {
    const superOnly = staffOnly.filter((r) => r.access.length === 1 && r.access[0] === 'SUPER_ADMIN');
    expect(superOnly.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'inviteStaff',
        'setStaffStatus',
        'deleteStaff',
        'deleteClient',
        'listStaff',
        'listClients',
      ]),
    );
    for (const route of superOnly) {
      const sample = samples[route.name](fixtures, identities.MANAGER);
      const response = await api(url(route.path, sample), {
        method: route.method,
        token: identities.MANAGER.token,
        ...(sample.body !== undefined
          ? { body: JSON.stringify(sample.body), headers: { 'content-type': 'application/json' } }
          : {}),
      });
      expect(response.status, route.name).toBe(403);
    }
  });

  it('a client is refused every staff route, even on its own job (403), and anonymous callers get 401', async () => {
    expect(staffOnly.length).toBeGreaterThan(0);
    for (const route of staffOnly) {
      const sample = samples[route.name](fixtures, identities.CLIENT_A);
      const init = {
        method: route.method,
        ...(sample.body !== undefined
          ? { body: JSON.stringify(sample.body), headers: { 'content-type': 'application/json' } }
          : {}),
      };
      // fixtures.jobId is CLIENT_A's own job.
      expect(
        (await api(url(route.path, sample), { ...init, token: identities.CLIENT_A.token })).status,
        route.name,
      ).toBe(403);
      expect((await api(url(route.path, sample), init)).status, route.name).toBe(401);
    }
  });
});
