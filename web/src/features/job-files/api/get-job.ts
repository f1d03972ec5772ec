import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './call-api.ts';
import { jobFileKeys, type Caller } from './query-keys.ts';

/** `GET /api/jobs/{id}`: the job whose files a page shows (404 for anyone who may not see it). */
export const jobQueryOptions = (caller: Caller, jobId: string) =>
  queryOptions({
    queryKey: jobFileKeys.detail(caller, jobId),
    queryFn: ({ signal }) => callApi(caller, 'getJob', { params: { id: jobId }, signal }).then((a) => a.job),
    staleTime: 0,
  });

export const useJob = (caller: Caller, jobId: string) => useQuery(jobQueryOptions(caller, jobId));
