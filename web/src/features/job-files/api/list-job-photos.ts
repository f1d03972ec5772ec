import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from './call-api.ts';
import { jobFileKeys, type Caller } from './query-keys.ts';

/** Photos per page: a screen of previews. */
const pageSize = 60;

/** `GET /api/jobs/{id}/photos`: the client's photos, page by page, each with its preview and link. */
export const jobPhotosQueryOptions = (caller: Caller, jobId: string) =>
  infiniteQueryOptions({
    queryKey: jobFileKeys.photos(caller, jobId),
    queryFn: ({ pageParam, signal }) =>
      callApi(caller, 'listJobPhotos', {
        params: { id: jobId },
        query: { limit: pageSize, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Links are valid 15 minutes: a page kept open longer reads them again.
    staleTime: 10 * 60 * 1000,
  });

export const useJobPhotos = (caller: Caller, jobId: string) => useInfiniteQuery(jobPhotosQueryOptions(caller, jobId));
