import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { jobKeys } from './query-keys.ts';

/** `GET /api/jobs/{id}/revision-requests` (#17): each round's notes and reference images. */
export const revisionRequestsQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: jobKeys.revisions(jobId),
    queryFn: ({ signal }) =>
      staffApiRequest('listRevisionRequests', { params: { id: jobId }, signal }).then((answer) => answer.revisions),
    staleTime: 0,
  });

export const useRevisionRequests = (jobId: string, enabled = true) =>
  useQuery({ ...revisionRequestsQueryOptions(jobId), enabled });
