import { BrowserRouter, useLocation, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths.ts';
import { PageLoading } from '../components/page-loading.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteError, RouteErrorPage } from './routes/route-error.tsx';
import { privatePaths } from './private-paths.ts';
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
      // The public API's reference (#36): its renderer is in this page's chunk only.
      {
        path: paths.developers,
        lazy: async () => ({ Component: (await import('./routes/developers.tsx')).DevelopersRoute }),
      },
      ...['/about', '/features', '/gallery', '/process', '/clients', '/trial'].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('./routes/section-redirect.tsx')).SectionRedirectRoute }),
      })),
      // The client portal (issue 4) and the staff console (issues 5 and 6): their pages are named in
      // a chunk of their own (private-routes.tsx), loaded with the first of them, so neither their
      // code nor the list of their chunks is in the public pages' first load.
      ...privatePaths.map((path) => ({
        path,
        lazy: async () => ({ Component: await (await import('./private-routes.tsx')).loadPrivatePage(path) }),
      })),
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

/** A path no route matches: the table's catch-all, the not-found page. */
const unmatchedPath = '/__not-found__';

/**
 * The matched page; inside BrowserRouter in the browser, StaticRouter when prerendering.
 * `notFoundAt`: a path shown as the not-found page whatever it matches (a published 404 page:
 * `/specific-services/{unknown id}` is served the not-found page, which must hydrate as such).
 */
export function AppRoutes({ notFoundAt }: { notFoundAt?: string }) {
  const { pathname } = useLocation();
  return <RouteElements routes={appElementRoutes()} location={notFoundAt === pathname ? unmatchedPath : undefined} />;
}

export function AppRouter({ notFoundAt }: { notFoundAt?: string }) {
  return (
    <BrowserRouter>
      <AppRoutes notFoundAt={notFoundAt} />
    </BrowserRouter>
  );
}
