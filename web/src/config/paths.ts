/**
 * Every in-app URL the site links to, in one place. Paths follow the spec's route table (§2);
 * pages not built yet are listed so links point at their future home.
 */
export const paths = {
  home: '/',
  /** The home page's services section. */
  homeServices: '/#services',
  fullServices: '/full-services',
  freeTrial: '/free-trial',
  gallery: '/gallery',
  contactUs: '/contactus',
  career: '/career',
  services: '/services',
  services2: '/services2',
  fullPortfolio: '/full-portfolio',
  pricing: '/suit/pricing',
  contact: '/contact',
  faq: '/faq',
  test2: '/test2',
  /** A home-page section, reached from any page (the home page scrolls to it after render). */
  homeSection: (section: string) => `/#${section}`,
  applyJob: (jobId: string) => `/apply-job-form/${encodeURIComponent(jobId)}`,
  reviewApplications: '/review-applications',
  login: '/login',
  signup: '/signup',
  serviceDetail: (serviceId: string) => `/specific-services/${encodeURIComponent(serviceId)}`,
  serviceQuote: (serviceId: string) => `/service-quote/${encodeURIComponent(serviceId)}`,
  signin: '/signin',
  dashboard: '/dashboard',
  paymentPage: '/payment',
  payment: (jobId: string) => `/payment/${encodeURIComponent(jobId)}`,
  /** A client's job: its facts, what the client can do, revision rounds and timeline (issue 17). */
  clientJob: (jobId: string) => `/dashboard/jobs/${encodeURIComponent(jobId)}`,
  /** A client's review of a job's images: approve or reject each, with mark-up (issue 34). */
  clientJobReview: (jobId: string) => `/dashboard/jobs/${encodeURIComponent(jobId)}/review`,
  /** A client's organisation (#35): name, billing, members, invitations; which one is `?org=<id>`. */
  organisation: '/dashboard/organisation',
  organisationOf: (organisationId: string) =>
    `/dashboard/organisation?${new URLSearchParams({ org: organisationId }).toString()}`,
  /** An organisation's style specs (#35); `&spec=<id>&version=<n>` shows one version read-only. */
  organisationSpecs: '/dashboard/organisation/specs',
  organisationSpecsOf: (organisationId: string, version?: { specId: string; version: number }) =>
    `/dashboard/organisation/specs?${new URLSearchParams({
      org: organisationId,
      ...(version ? { spec: version.specId, version: String(version.version) } : {}),
    }).toString()}`,
  /** An organisation's API keys and webhooks (#36), for its OWNERs; which one is `?org=<id>`. */
  organisationApi: '/dashboard/organisation/api',
  organisationApiOf: (organisationId: string) =>
    `/dashboard/organisation/api?${new URLSearchParams({ org: organisationId }).toString()}`,
  /** The public API's reference (#36): how to call it, and the OpenAPI document rendered. */
  developers: '/developers',
  /** An organisation's invitation, the link its e-mail carries (#35). */
  invitation: (invitationId: string) => `/invitations/${encodeURIComponent(invitationId)}`,
  // Staff console (issue 5).
  adminLogin: '/admin-login',
  admin: '/admin',
  manager: '/manager',
  editor: '/editor',
  assignJob: '/assign-job',
  editJob: '/edit-job',
  /** The jobs behind one count of "Needs action" (#40, item 9): the job list, filtered in its URL. */
  editJobNeeds: (key: string) => `/edit-job?needs=${encodeURIComponent(key)}`,
  userTable: '/user-table',
  /** A job's photos and finished files, for its staff (issue 15). */
  jobFiles: (jobId: string) => `/job-files/${encodeURIComponent(jobId)}`,
  /** The client's review of a job's images, read-only for its staff (issue 34). */
  jobFilesReview: (jobId: string) => `/job-files/${encodeURIComponent(jobId)}/review`,
  /** Images waiting for QC, oldest first, for managers and super-admins (issue 33). */
  qc: '/qc',
  /** Staff: their e-mail notifications, and for managers the e-mails not delivered (issue 18). */
  emailSettings: '/email-settings',
} as const;
