import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job } from '@studio/shared/job';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/jobs/client/{userId}`: the signed-in client's own jobs. */
export async function listClientJobs(userId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Job[]> {
  const { jobs } = await apiRequest('listClientJobs', { params: { userId }, signal });
  return jobs;
}

export const listClientJobsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['jobs', 'client', userId],
    queryFn: ({ signal }) => listClientJobs(userId, { signal }),
    // Staff move jobs along; the dashboard should show the latest state when opened.
    staleTime: 0,
  });

export function useClientJobs(userId: string) {
  return useQuery(listClientJobsQueryOptions(userId));
}
