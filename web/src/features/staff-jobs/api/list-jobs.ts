import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { jobKeys, type JobListFilter } from './query-keys.ts';

/** Jobs a page: the lists show up to this many before "Load more". */
export const jobPageSize = 100;

/**
 * `GET /api/jobs`: a page of jobs newest first, from `cursor`; `unassigned` keeps the open jobs
 * no editor has (the assign page), `unpaid` those still to be paid (#16), `open` the jobs the studio
 * still owes work on, by due time (the managers' board), `search` the jobs whose
 * title or description holds the text, across every job the server holds; `q` the jobs of a job
 * number, client name or e-mail (#40, one page). Only what is set is sent (the route refuses empty
 * values).
 */
export function listJobs(filter: JobListFilter, cursor: string | null, signal?: AbortSignal) {
  if (filter.needs) {
    // A list of "Needs action" (#40, item 9) is read alone: the server refuses it with other filters.
    return staffApiRequest('listAllJobs', {
      query: { limit: jobPageSize, needs: filter.needs, ...(cursor ? { cursor } : {}) },
      signal,
    });
  }
  return staffApiRequest('listAllJobs', {
    query: {
      limit: jobPageSize,
      ...(filter.unassigned ? { unassigned: 'true' as const } : {}),
      ...(filter.unpaid ? { unpaid: 'true' as const } : {}),
      ...(filter.open ? { open: 'true' as const } : {}),
      ...(filter.search ? { search: filter.search } : {}),
      ...(filter.q ? { q: filter.q } : {}),
      ...(cursor ? { cursor } : {}),
    },
    signal,
  });
}

/** The list as an infinite query: "Load more" reads the page after the last one read. */
export const jobPagesOptions = (filter: JobListFilter) =>
  infiniteQueryOptions({
    queryKey: jobKeys.list(filter),
    queryFn: ({ pageParam, signal }) => listJobs(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // While a new search is on its way, the previous rows stay on screen.
    placeholderData: keepPreviousData,
    // Jobs change under other staff's hands: a page opened again reads them again.
    staleTime: 0,
  });

export function useJobPages(filter: JobListFilter) {
  return useInfiniteQuery(jobPagesOptions(filter));
}
