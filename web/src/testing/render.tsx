import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouteErrorPage } from '../app/routes/route-error.tsx';
import { PageLoading } from '../components/page-loading.tsx';
import { RouteElements, toElementRoutes } from '../app/route-elements.tsx';
import { createMemoryHistory, Router, type RouteObject } from '../lib/router.tsx';

/** A real QueryClient with the app's shape but no retries, so failures show at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false } },
  });
}

/** The memory history's current entry, read as React Router's `router.state` was. */
function routerOf(history: ReturnType<typeof createMemoryHistory>) {
  return {
    history,
    get state() {
      return { location: history.current().location };
    },
  };
}

/** Renders a component inside a memory router (for its links) and a fresh QueryClient. */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  return renderRoutes([{ path: '*', element: ui }], { path });
}

/** Renders a route tree (e.g. the app's) at `path`, as the browser router would. */
export function renderRoutes(routes: RouteObject[], { path = '/' }: { path?: string } = {}) {
  const queryClient = createTestQueryClient();
  const history = createMemoryHistory(path);
  const elements = toElementRoutes(routes, { fallback: <PageLoading />, errorPage: RouteErrorPage });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Router history={history}>
        <RouteElements routes={elements} />
      </Router>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, router: routerOf(history) };
}
