import { paths } from '../config/paths.ts';

/** Paths of the client portal (issue 4) and the staff console (issues 5 and 6). */
export const privatePaths = [
  // Client accounts and ordering.
  paths.signup,
  paths.login,
  paths.signin,
  'service-quote/:serviceId',
  paths.paymentPage,
  'payment/:jobId',
  paths.dashboard,
  'dashboard/jobs/:jobId',
  'dashboard/jobs/:jobId/review',
  // Organisations (#35): the client's organisation page, and an invitation's link.
  paths.organisation,
  paths.organisationSpecs,
  // The public API (#36): an organisation's keys and webhooks, for its OWNERs.
  paths.organisationApi,
  'invitations/:invitationId',
  // Staff console: each page wrapped in StaffPage (components/staff-layout.tsx).
  paths.adminLogin,
  paths.admin,
  paths.manager,
  paths.assignJob,
  paths.editJob,
  paths.editor,
  paths.userTable,
  'job-files/:jobId',
  'job-files/:jobId/review',
  paths.qc,
  paths.reviewApplications,
  paths.emailSettings,
  // Catalogue, showcase, home content, openings and leads: SUPER_ADMIN only.
  '/add-service',
  '/service-list',
  '/service-table',
  '/add-subservice',
  '/upload-image',
  '/add-gallaryitem',
  '/manage-gallary',
  '/mangageImageCaraousal',
  '/home-content',
  '/job-postings',
  '/contact-leads',
  // Style specs (#35): the studio's house specs.
  '/house-specs',
  // Payments (issue 16): the studio's legal and bank details, VAT, release of files.
  '/settings',
] as const;

export type PrivatePath = (typeof privatePaths)[number];
