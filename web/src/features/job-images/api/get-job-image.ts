import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, type Caller } from './call-api.ts';
import { jobImageKeys } from './query-keys.ts';

/** `GET /api/jobs/{id}/images/{imageId}`: one image with every version its reader may see, oldest first. */
export const jobImageQueryOptions = (caller: Caller, jobId: string, imageId: string) =>
  queryOptions({
    queryKey: jobImageKeys.detail(caller, jobId, imageId),
    queryFn: ({ signal }) => callApi(caller, 'getJobImage', { params: { id: jobId, imageId }, signal }),
    staleTime: 0,
  });

export const useJobImage = (caller: Caller, jobId: string, imageId: string) =>
  useQuery(jobImageQueryOptions(caller, jobId, imageId));
