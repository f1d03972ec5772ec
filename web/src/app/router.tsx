import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths.ts';
import { PageLoading } from '../components/page-loading.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';

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
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found.tsx')).NotFoundRoute }),
      },
    ],
  },
];

let browserRouter: ReturnType<typeof createBrowserRouter> | undefined;

export function AppRouter() {
  // Created on first render, not at import, so importing this module has no side effects.
  browserRouter ??= createBrowserRouter(appRoutes);
  return <RouterProvider router={browserRouter} />;
}
