import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, useState, type ReactNode } from 'react';
import { StaffSignInFormContext } from '../components/staff-sign-in-slot.ts';
import { ApiError } from '../lib/api-client.ts';

/** Staff sign-in in place (#40): fetched with the first session that ends on an open staff page. */
const StaffSignInForm = lazy(() =>
  import('../features/staff/components/staff-sign-in-form.tsx').then((m) => ({ default: m.StaffSignInForm })),
);

/** The app's query defaults; tests build their own client with retries off. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // One retry for network failures and 5xx; a 4xx answer will not change on a retry.
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * `client`: the query client to use, given when it already holds data (the published page's
 * data in the browser, the renderer's reads when prerendering); a new one otherwise.
 */
export function AppProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <StaffSignInFormContext.Provider value={StaffSignInForm}>{children}</StaffSignInFormContext.Provider>
    </QueryClientProvider>
  );
}
