import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { callApi, type Caller } from './call-api.ts';
import { jobImageKeys } from './query-keys.ts';

/**
 * `GET /api/jobs/{id}/spec`: the spec version the job was ordered with, or null when it was
 * ordered without one (the route's 404 for a job the caller reads; the job's own 404 is the
 * images' too, and shows there).
 */
export const jobSpecQueryOptions = (caller: Caller, jobId: string) =>
  queryOptions({
    queryKey: [...jobImageKeys.job(caller, jobId), 'spec'] as const,
    queryFn: async ({ signal }) => {
      try {
        return (await callApi(caller, 'getJobSpec', { params: { id: jobId }, signal })).spec;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    // A job's spec version never changes; its reference links live for a while.
    staleTime: 5 * 60_000,
  });

export const useJobSpec = (caller: Caller, jobId: string) => useQuery(jobSpecQueryOptions(caller, jobId));
