import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { userKeys } from './query-keys.ts';

/** `GET /api/jobs/user-jobs?userId=`: one client's jobs, for the view-jobs dialog. */
export function listUserJobs(userId: string, signal?: AbortSignal) {
  return staffApiRequest('listUserJobs', { query: { userId }, signal }).then((answer) => answer.jobs);
}

export const userJobsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userKeys.jobsOf(userId),
    queryFn: ({ signal }) => listUserJobs(userId, signal),
    staleTime: 0,
  });

export function useUserJobs(userId: string) {
  return useQuery(userJobsQueryOptions(userId));
}
