/**
 * A module loaded on first use rather than when the function starts: for what only a rare route
 * of a group needs (the client of an AWS service one route calls, a PDF or image library), so
 * that its evaluation (the SDK's modules, building the client) is not part of every cold start.
 *
 *   const staffAccounts = lazy(() => import('../data/staff-accounts.ts'));
 *   ...
 *   const { findAccount } = await staffAccounts();
 *
 * The module stays in the group's one bundle file (esbuild inlines the import and only defers
 * evaluating it), so it still counts toward the bundle's size: `npm run bench` measures the file.
 * It must not also be imported statically anywhere in the group, or it is evaluated at start
 * anyway; `import type` is fine. A failed load is tried again on the next call.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
