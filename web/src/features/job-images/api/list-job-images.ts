import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ImageStatus } from '@studio/shared/images';
import { callApi, type Caller } from './call-api.ts';
import { jobImageKeys } from './query-keys.ts';

/** Images per page: a few screens of thumbnails. */
export const imagePageSize = 60;

/**
 * `GET /api/jobs/{id}/images?status=&cursor=`: a job's images page by page, all or those of one
 * status. Links are valid 15 minutes: a page kept open longer than 10 reads them again. While a
 * preview is still being made (PENDING), the first page is read again every 5 seconds.
 */
export const jobImagesQueryOptions = (caller: Caller, jobId: string, status: ImageStatus | null) =>
  infiniteQueryOptions({
    queryKey: jobImageKeys.list(caller, jobId, status),
    queryFn: ({ pageParam, signal }) =>
      callApi(caller, 'listJobImages', {
        params: { id: jobId },
        query: { limit: imagePageSize, ...(status ? { status } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 10 * 60 * 1000,
    refetchInterval: (query) => {
      const pages = query.state.data?.pages ?? [];
      const pending = pages.some((page) =>
        page.images.some((image) => image.original.preview === 'PENDING' || image.current?.preview === 'PENDING'),
      );
      return pending ? 5000 : false;
    },
  });

export const useJobImages = (caller: Caller, jobId: string, status: ImageStatus | null) =>
  useInfiniteQuery(jobImagesQueryOptions(caller, jobId, status));
