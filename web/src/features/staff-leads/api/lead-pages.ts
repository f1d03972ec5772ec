import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { leadKeys, type LeadKind } from './query-keys.ts';

/** One page to read: the search (the whole list when empty) and the position to go on from. */
export interface LeadPageRequest {
  search: string;
  next: string | null;
  signal?: AbortSignal;
}

/** The route's query: only what is set (the API refuses empty or unknown parameters). */
export function leadPageQuery({ search, next }: LeadPageRequest) {
  return { ...(search ? { search } : {}), ...(next ? { next } : {}) };
}

/**
 * An infinite query over one kind of lead, a server page at a time. The server searches and pages
 * the whole list it holds; "Load more" asks for the page after the last one read. While a new
 * search is on its way the previous rows stay on screen (`isPlaceholderData`).
 */
export function leadPagesOptions<Page extends { next: string | null }>(
  kind: LeadKind,
  search: string,
  fetchPage: (request: LeadPageRequest) => Promise<Page>,
) {
  return infiniteQueryOptions({
    queryKey: leadKeys.list(kind, search),
    queryFn: ({ pageParam, signal }) => fetchPage({ search, next: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    placeholderData: keepPreviousData,
    // New leads arrive all the time: a page opened again reads them again.
    staleTime: 0,
  });
}
