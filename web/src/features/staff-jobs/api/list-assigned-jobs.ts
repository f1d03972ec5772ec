import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { jobKeys } from './query-keys.ts';

/** `GET /api/jobs/assigned-jobs`: the signed-in editor's jobs, newest first. */
export function listAssignedJobs(signal?: AbortSignal) {
  return staffApiRequest('listAssignedJobs', { signal }).then((answer) => answer.assignedJobs);
}

export const assignedJobsQueryOptions = () =>
  queryOptions({ queryKey: jobKeys.assigned(), queryFn: ({ signal }) => listAssignedJobs(signal), staleTime: 0 });

export function useAssignedJobs() {
  return useQuery(assignedJobsQueryOptions());
}
