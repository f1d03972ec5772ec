import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

/** What a page of a job's files is asked with: how many, and after which cursor. */
export interface PageQuery {
  limit: number;
  cursor?: string;
}

/**
 * A job's files read page by page (`limit`, then the answer's `nextCursor`): the client's photos
 * or the finished files. Their links are valid 15 minutes, so a page kept open longer than 10
 * reads them again.
 */
export function jobFilePagesOptions<K extends QueryKey, Page extends { nextCursor: string | null }>({
  queryKey,
  pageSize,
  read,
}: {
  queryKey: K;
  pageSize: number;
  read: (query: PageQuery, signal: AbortSignal) => Promise<Page>;
}) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => read({ limit: pageSize, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 10 * 60 * 1000,
  });
}
