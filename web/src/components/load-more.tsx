import { apiErrorText } from '../lib/api-error-text.ts';
import './form-field.css';
import './query-state.css';

/** The part of a `useInfiniteQuery` result that {@link LoadMore} reads. */
export interface LoadMoreSource {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  isFetchNextPageError?: boolean;
  error?: unknown;
}

/**
 * "Load more" under an infinite query's list: reads the next page the server holds. It reads
 * 'Loading...' and is disabled while that page is on its way, and is gone when there is no next
 * page. A failed page says so (an alert); pressing the button again retries it.
 */
export function LoadMore({
  query,
  label = 'Load more',
  loadingLabel = 'Loading...',
}: {
  query: LoadMoreSource;
  label?: string;
  loadingLabel?: string;
}) {
  if (!query.hasNextPage) return null;
  const busy = query.isFetchingNextPage;
  return (
    <div className="load-more">
      {query.isFetchNextPageError && !busy && (
        <p className="form__alert" role="alert">
          {apiErrorText(query.error, 'Failed to load more.', { lead: true, issues: 'omit' })}
        </p>
      )}
      <button
        type="button"
        className="button button--secondary"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void query.fetchNextPage()}
      >
        {busy ? loadingLabel : label}
      </button>
    </div>
  );
}
