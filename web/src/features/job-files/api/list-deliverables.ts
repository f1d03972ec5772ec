import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from './call-api.ts';
import { jobFileKeys, type Caller } from './query-keys.ts';

const pageSize = 100;

/** `GET /api/jobs/{id}/deliverables`: the finished files, page by page, each with its download link. */
export const deliverablesQueryOptions = (caller: Caller, jobId: string) =>
  infiniteQueryOptions({
    queryKey: jobFileKeys.deliverables(caller, jobId),
    queryFn: ({ pageParam, signal }) =>
      callApi(caller, 'listDeliverables', {
        params: { id: jobId },
        query: { limit: pageSize, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 10 * 60 * 1000,
  });

export const useDeliverables = (caller: Caller, jobId: string, enabled = true) =>
  useInfiniteQuery({ ...deliverablesQueryOptions(caller, jobId), enabled });
