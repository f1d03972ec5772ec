import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { StaffSignInFormContext } from '../components/staff-sign-in-slot.ts';
import { StaffSignInForm } from '../features/staff/components/staff-sign-in-form.tsx';

/** A real QueryClient with the app's shape but no retries, so failures show at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false } },
  });
}

/** Renders a router as the app does: with the app's QueryClient shape and the staff sign-in form. */
function renderRouter(routes: RouteObject[], path: string, queryClient: QueryClient) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <StaffSignInFormContext.Provider value={StaffSignInForm}>
        <RouterProvider router={router} />
      </StaffSignInFormContext.Provider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, router };
}

/**
 * Renders a component inside a memory router (for its links) and a QueryClient: a fresh one, or
 * `queryClient` holding answers the component finds at its first render (as on a published page).
 */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', queryClient = createTestQueryClient() }: { path?: string; queryClient?: QueryClient } = {},
) {
  return renderRouter([{ path: '*', element: ui }], path, queryClient);
}

/** Renders a route tree (e.g. the app's) at `path`, as the browser router would. */
export function renderRoutes(routes: RouteObject[], { path = '/' }: { path?: string } = {}) {
  return renderRouter(routes, path, createTestQueryClient());
}
