import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { applicationPageSize } from '@studio/shared/job-application';
import { staffApiRequest } from '../../../lib/staff-api.ts';

/** `GET /api/applications?page&limit&jobId`: one page of 10, newest first; `jobId` only when set. */
export function listApplications(input: { page: number; jobId?: string }, signal?: AbortSignal) {
  return staffApiRequest('listApplications', {
    query: { page: input.page, limit: applicationPageSize, ...(input.jobId ? { jobId: input.jobId } : {}) },
    signal,
  });
}

export const listApplicationsQueryOptions = (input: { page: number; jobId?: string }) =>
  queryOptions({
    queryKey: ['applications', 'list', input.jobId ?? 'all', input.page],
    queryFn: ({ signal }) => listApplications(input, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useApplications(input: { page: number; jobId?: string }) {
  return useQuery(listApplicationsQueryOptions(input));
}
