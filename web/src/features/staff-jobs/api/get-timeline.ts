import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { jobKeys } from './query-keys.ts';

/** `GET /api/jobs/{id}/timeline` (#17): every change of a job, oldest first. */
export const staffTimelineQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: jobKeys.timeline(jobId),
    queryFn: ({ signal }) =>
      staffApiRequest('getJobTimeline', { params: { id: jobId }, signal }).then((answer) => answer.timeline),
    staleTime: 0,
  });

export const useStaffTimeline = (jobId: string) => useQuery(staffTimelineQueryOptions(jobId));
