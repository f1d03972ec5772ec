import { lazy, type ComponentType } from 'react';
import { StaffSignInFormContext } from '../components/staff-sign-in-slot.ts';
import { paths } from '../config/paths.ts';
import type { PrivatePath } from './private-paths.ts';

/**
 * Each private page's own lazy chunk, by its path in `privatePaths`. This module is itself a chunk,
 * fetched with the first private page a visitor opens.
 */
const pages: Record<PrivatePath, () => Promise<ComponentType>> = {
  [paths.signup]: () => import('./routes/signup.tsx').then((m) => m.SignUpRoute),
  [paths.login]: () => import('./routes/signin.tsx').then((m) => m.SignInRoute),
  [paths.signin]: () => import('./routes/signin.tsx').then((m) => m.SignInRoute),
  'service-quote/:serviceId': () => import('./routes/service-quote.tsx').then((m) => m.ServiceQuoteRoute),
  [paths.paymentPage]: () => import('./routes/payment.tsx').then((m) => m.PaymentRoute),
  'payment/:jobId': () => import('./routes/payment.tsx').then((m) => m.PaymentRoute),
  [paths.dashboard]: () => import('./routes/dashboard.tsx').then((m) => m.DashboardRoute),
  'dashboard/jobs/:jobId': () => import('./routes/client-job.tsx').then((m) => m.ClientJobRoute),
  'dashboard/jobs/:jobId/review': () => import('./routes/client-job-review.tsx').then((m) => m.ClientJobReviewRoute),
  [paths.organisation]: () => import('./routes/organisation.tsx').then((m) => m.OrganisationRoute),
  [paths.organisationSpecs]: () => import('./routes/organisation-specs.tsx').then((m) => m.OrganisationSpecsRoute),
  [paths.organisationApi]: () => import('./routes/organisation-api.tsx').then((m) => m.OrganisationApiRoute),
  'invitations/:invitationId': () => import('./routes/invitation.tsx').then((m) => m.InvitationRoute),
  [paths.adminLogin]: () => import('./routes/staff/admin-login.tsx').then((m) => m.AdminLoginRoute),
  [paths.admin]: () => import('./routes/staff/admin-dashboard.tsx').then((m) => m.AdminDashboardRoute),
  [paths.manager]: () => import('./routes/staff/manager-dashboard.tsx').then((m) => m.ManagerDashboardRoute),
  [paths.assignJob]: () => import('./routes/staff/assign-job.tsx').then((m) => m.AssignJobRoute),
  [paths.editJob]: () => import('./routes/staff/edit-job.tsx').then((m) => m.EditJobRoute),
  [paths.editor]: () => import('./routes/staff/editor.tsx').then((m) => m.EditorRoute),
  'job-files/:jobId': () => import('./routes/staff/job-files.tsx').then((m) => m.JobFilesRoute),
  'job-files/:jobId/review': () => import('./routes/staff/job-review.tsx').then((m) => m.JobReviewRoute),
  [paths.qc]: () => import('./routes/staff/qc.tsx').then((m) => m.QcRoute),
  [paths.userTable]: () => import('./routes/staff/user-table.tsx').then((m) => m.UserTableRoute),
  [paths.reviewApplications]: () =>
    import('./routes/staff/review-applications.tsx').then((m) => m.ReviewApplicationsRoute),
  [paths.emailSettings]: () => import('./routes/staff/email-settings.tsx').then((m) => m.EmailSettingsRoute),
  '/add-service': () => import('./routes/staff/add-service.tsx').then((m) => m.AddServiceRoute),
  '/service-list': () => import('./routes/staff/service-list.tsx').then((m) => m.ServiceListRoute),
  '/service-table': () => import('./routes/staff/service-table.tsx').then((m) => m.ServiceTableRoute),
  '/add-subservice': () => import('./routes/staff/add-subservice.tsx').then((m) => m.AddSubServiceRoute),
  '/upload-image': () => import('./routes/staff/upload-image.tsx').then((m) => m.UploadImageRoute),
  '/add-gallaryitem': () => import('./routes/staff/add-gallery-item.tsx').then((m) => m.AddGalleryItemRoute),
  '/manage-gallary': () => import('./routes/staff/manage-gallery.tsx').then((m) => m.ManageGalleryRoute),
  '/mangageImageCaraousal': () =>
    import('./routes/staff/manage-service-images.tsx').then((m) => m.ManageServiceImagesRoute),
  '/home-content': () => import('./routes/staff/home-content.tsx').then((m) => m.HomeContentRoute),
  '/job-postings': () => import('./routes/staff/job-postings.tsx').then((m) => m.JobPostingsRoute),
  '/contact-leads': () => import('./routes/staff/contact-leads.tsx').then((m) => m.ContactLeadsRoute),
  '/house-specs': () => import('./routes/staff/house-specs.tsx').then((m) => m.HouseSpecsRoute),
  '/settings': () => import('./routes/staff/studio-settings.tsx').then((m) => m.StudioSettingsRoute),
};

/** Staff sign-in in place (#40): fetched with the first session that ends on an open staff page. */
const StaffSignInForm = lazy(() =>
  import('../features/staff/components/staff-sign-in-form.tsx').then((m) => ({ default: m.StaffSignInForm })),
);

/**
 * The private page at `path`, with the staff sign-in form handed to the staff pages' frame (which
 * signs a member in again in place when their session ends, `StaffGuard`). Here rather than in the
 * app's provider: no public page carries it.
 */
export async function loadPrivatePage(path: PrivatePath): Promise<ComponentType> {
  const Page = await pages[path]();
  return function PrivatePage() {
    return (
      <StaffSignInFormContext.Provider value={StaffSignInForm}>
        <Page />
      </StaffSignInFormContext.Provider>
    );
  };
}
