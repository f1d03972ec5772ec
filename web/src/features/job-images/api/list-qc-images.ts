import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { jobImageKeys } from './query-keys.ts';

/** `GET /api/qc/images`: the images waiting for QC across jobs, oldest first, a page at a time. */
export const qcImagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: jobImageKeys.qc(),
    queryFn: ({ pageParam, signal }) =>
      staffApiRequest('listQcImages', { query: { limit: 50, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

export const useQcImages = () => useInfiniteQuery(qcImagesQueryOptions());
