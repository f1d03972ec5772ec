import { BrowserRouter, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths.ts';
import { PageLoading } from '../components/page-loading.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteError, RouteErrorPage } from './routes/route-error.tsx';
import { RouteElements, toElementRoutes } from './route-elements.tsx';

/** The route tree, shared by the browser router and by route-level tests (memory router). */
export const appRoutes: RouteObject[] = [
  {
    path: paths.home,
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./routes/home.tsx')).HomeRoute }),
      },
      // Public pages of issue 3 (spec §2); each lazy so the home page's first load stays small.
      ...[paths.services2, paths.fullServices].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('./routes/services-pages.tsx')).AllServicesRoute }),
      })),
      {
        path: paths.services,
        lazy: async () => ({ Component: (await import('./routes/services-pages.tsx')).ServicesOverviewRoute }),
      },
      {
        path: paths.test2,
        lazy: async () => ({ Component: (await import('./routes/services-pages.tsx')).Test2Route }),
      },
      {
        path: 'specific-services/:id',
        lazy: async () => ({ Component: (await import('./routes/service-detail.tsx')).ServiceDetailRoute }),
      },
      {
        path: paths.pricing,
        lazy: async () => ({ Component: (await import('./routes/pricing.tsx')).PricingRoute }),
      },
      {
        path: paths.faq,
        lazy: async () => ({ Component: (await import('./routes/faq.tsx')).FaqRoute }),
      },
      {
        path: paths.fullPortfolio,
        lazy: async () => ({ Component: (await import('./routes/full-portfolio.tsx')).FullPortfolioRoute }),
      },
      ...[paths.contactUs, paths.contact].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('./routes/contact.tsx')).ContactRoute }),
      })),
      {
        path: paths.freeTrial,
        lazy: async () => ({ Component: (await import('./routes/free-trial.tsx')).FreeTrialRoute }),
      },
      {
        path: paths.career,
        lazy: async () => ({ Component: (await import('./routes/career.tsx')).CareerRoute }),
      },
      // Careers applications (issue 6): the public form, and the staff review page below.
      {
        path: 'apply-job-form/:jobId',
        lazy: async () => ({ Component: (await import('./routes/apply-job-form.tsx')).ApplyJobFormRoute }),
      },
      {
        path: paths.reviewApplications,
        lazy: async () => ({
          Component: (await import('./routes/staff/review-applications.tsx')).ReviewApplicationsRoute,
        }),
      },
      ...['/about', '/features', '/gallery', '/process', '/clients', '/trial'].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('./routes/section-redirect.tsx')).SectionRedirectRoute }),
      })),
      // Client accounts and ordering (issue 4).
      {
        path: paths.signup,
        lazy: async () => ({ Component: (await import('./routes/signup.tsx')).SignUpRoute }),
      },
      ...[paths.login, paths.signin].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('./routes/signin.tsx')).SignInRoute }),
      })),
      {
        path: 'service-quote/:serviceId',
        lazy: async () => ({ Component: (await import('./routes/service-quote.tsx')).ServiceQuoteRoute }),
      },
      ...[paths.paymentPage, 'payment/:jobId'].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('./routes/payment.tsx')).PaymentRoute }),
      })),
      {
        path: paths.dashboard,
        lazy: async () => ({ Component: (await import('./routes/dashboard.tsx')).DashboardRoute }),
      },
      // Staff console (issue 5). Every staff page is its own lazy chunk under routes/staff/, wrapped
      // in StaffPage (components/staff-layout.tsx), so none of it is in the public first load.
      {
        path: paths.adminLogin,
        lazy: async () => ({ Component: (await import('./routes/staff/admin-login.tsx')).AdminLoginRoute }),
      },
      {
        path: paths.admin,
        lazy: async () => ({ Component: (await import('./routes/staff/admin-dashboard.tsx')).AdminDashboardRoute }),
      },
      {
        path: paths.manager,
        lazy: async () => ({
          Component: (await import('./routes/staff/manager-dashboard.tsx')).ManagerDashboardRoute,
        }),
      },
      {
        path: paths.assignJob,
        lazy: async () => ({ Component: (await import('./routes/staff/assign-job.tsx')).AssignJobRoute }),
      },
      {
        path: paths.editJob,
        lazy: async () => ({ Component: (await import('./routes/staff/edit-job.tsx')).EditJobRoute }),
      },
      {
        path: paths.editor,
        lazy: async () => ({ Component: (await import('./routes/staff/editor.tsx')).EditorRoute }),
      },
      {
        path: paths.userTable,
        lazy: async () => ({ Component: (await import('./routes/staff/user-table.tsx')).UserTableRoute }),
      },
      // Catalogue, showcase, home content, openings and leads (issue 5, part B), SUPER_ADMIN only.
      ...(
        [
          ['/add-service', () => import('./routes/staff/add-service.tsx').then((m) => m.AddServiceRoute)],
          ['/service-list', () => import('./routes/staff/service-list.tsx').then((m) => m.ServiceListRoute)],
          ['/service-table', () => import('./routes/staff/service-table.tsx').then((m) => m.ServiceTableRoute)],
          ['/add-subservice', () => import('./routes/staff/add-subservice.tsx').then((m) => m.AddSubServiceRoute)],
          ['/upload-image', () => import('./routes/staff/upload-image.tsx').then((m) => m.UploadImageRoute)],
          ['/add-gallaryitem', () => import('./routes/staff/add-gallery-item.tsx').then((m) => m.AddGalleryItemRoute)],
          ['/manage-gallary', () => import('./routes/staff/manage-gallery.tsx').then((m) => m.ManageGalleryRoute)],
          [
            '/mangageImageCaraousal',
            () => import('./routes/staff/manage-service-images.tsx').then((m) => m.ManageServiceImagesRoute),
          ],
          ['/home-content', () => import('./routes/staff/home-content.tsx').then((m) => m.HomeContentRoute)],
          ['/job-postings', () => import('./routes/staff/job-postings.tsx').then((m) => m.JobPostingsRoute)],
          ['/contact-leads', () => import('./routes/staff/contact-leads.tsx').then((m) => m.ContactLeadsRoute)],
        ] as const
      ).map(([path, load]) => ({ path, lazy: async () => ({ Component: await load() }) })),
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found.tsx')).NotFoundRoute }),
      },
    ],
  },
];

let elementRoutes: RouteObject[] | undefined;

/**
 * The table as the app renders it: the declarative router's element routes (route-elements.tsx
 * says why). Tests may still mount `appRoutes` in a memory data router.
 */
export function appElementRoutes(): RouteObject[] {
  elementRoutes ??= toElementRoutes(appRoutes, { fallback: <PageLoading />, errorPage: RouteErrorPage });
  return elementRoutes;
}

/** The matched page; inside BrowserRouter in the browser, StaticRouter when prerendering. */
export function AppRoutes() {
  return <RouteElements routes={appElementRoutes()} />;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
