import type { ReactNode } from 'react';

/** The part of a React Query result that {@link PageState} reads. */
export interface PageStateSource<Data> {
  data: Data | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * A public page's content from one query: 'Loading...' (a live region) until it answers, the
 * page's failure text (an alert) when it fails, else `children` with the data. The public pages'
 * counterpart of the staff console's `QueryState`, without a retry button and without the failure
 * text's code, which public pages do not load.
 *
 * @example
 * <PageState query={useServices()} failed="Failed to fetch services">{(services) => <List services={services} />}</PageState>
 */
export function PageState<Data>({
  query,
  failed,
  children,
}: {
  query: PageStateSource<Data>;
  /** The spec's text, or built from the error (e.g. 'Failed to fetch jobs: {message}'). */
  failed: ReactNode | ((error: unknown) => ReactNode);
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <p className="page-state" role="status">
        Loading...
      </p>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <p className="page-state page-state--error" role="alert">
        {typeof failed === 'function' ? failed(query.error) : failed}
      </p>
    );
  }
  return children(query.data);
}
