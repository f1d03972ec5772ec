import type { ReactNode } from 'react';
import { apiErrorText } from '../lib/api-error-text.ts';
import './form-field.css';
import './query-state.css';

/** The part of a React Query result (`useQuery`, `useInfiniteQuery`) that {@link QueryState} reads. */
export interface QueryStateSource<Data> {
  data: Data | undefined;
  error: unknown;
  isError: boolean;
  refetch: () => unknown;
  /** An infinite query whose next page failed: {@link LoadMore} says so, not this. */
  isFetchNextPageError?: boolean;
}

/** The spec's general text for a list that did not load (gallery admin, assign page). */
export const loadFailedText = 'Failed to load data.';

export interface QueryStateProps<Data> {
  query: QueryStateSource<Data>;
  /** Shown while the first answer is on its way, e.g. 'Loading applications...'. */
  loading?: ReactNode;
  /** Whether the answer is an empty list. Default: the data is an empty array. */
  isEmpty?: (data: Data) => boolean;
  /** Shown for an empty answer, e.g. 'No contact leads available'. */
  empty?: ReactNode;
  /**
   * Said when it failed: a string is the page's text, followed by the server's words when it
   * answered ('Failed to load data. Forbidden.'); a function builds the whole text, e.g. with
   * `apiErrorText` for the spec's 'Error: {message}'. Default {@link loadFailedText}.
   */
  error?: string | ((error: unknown) => string);
  /** The retry button, which calls `refetch`. Default 'Try Again' (the spec's gallery button). */
  retryLabel?: string;
  /** What to show once there is data. */
  children: (data: Data) => ReactNode;
}

/**
 * Loading, empty, failed (with a retry button) or the content, for one query: the one place a
 * list's states are written. Loading is a polite live region (`role="status"`), a failure an alert.
 * A failed refetch keeps the content it already has on screen and shows the failure above it.
 *
 * @example
 * <QueryState query={useServices()} loading="Loading services..." empty="No services found">
 *   {(services) => <DataTable caption="Services" columns={columns} rows={services} rowKey={(s) => s.id} />}
 * </QueryState>
 */
export function QueryState<Data>({
  query,
  loading = 'Loading...',
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  empty = 'Nothing here yet.',
  error = loadFailedText,
  retryLabel = 'Try Again',
  children,
}: QueryStateProps<Data>) {
  const failed = query.isError && !query.isFetchNextPageError;
  const failure = failed && (
    <div className="form__alert query-state__error" role="alert">
      <span>
        {typeof error === 'function'
          ? error(query.error)
          : apiErrorText(query.error, error, { lead: true, issues: 'omit' })}
      </span>
      <button
        type="button"
        className="button button--secondary query-state__retry"
        onClick={() => void query.refetch()}
      >
        {retryLabel}
      </button>
    </div>
  );
  if (query.data === undefined) {
    return (
      failure || (
        <p className="query-state" role="status">
          {loading}
        </p>
      )
    );
  }
  return (
    <>
      {failure}
      {isEmpty(query.data) ? (
        <p className="query-state" role="status">
          {empty}
        </p>
      ) : (
        children(query.data)
      )}
    </>
  );
}
