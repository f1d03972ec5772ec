import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { applicationPageSize } from '@studio/shared/job-application';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { applicationKeys, type ApplicationListPage } from './query-keys.ts';

/** `GET /api/applications?page&limit&jobId`: one page of 10, newest first; `jobId` only when set. */
export function listApplications(input: ApplicationListPage, signal?: AbortSignal) {
  return staffApiRequest('listApplications', {
    query: { page: input.page, limit: applicationPageSize, ...(input.jobId ? { jobId: input.jobId } : {}) },
    signal,
  });
}

export const listApplicationsQueryOptions = (input: ApplicationListPage) =>
  queryOptions({
    queryKey: applicationKeys.list(input),
    queryFn: ({ signal }) => listApplications(input, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useApplications(input: ApplicationListPage) {
  return useQuery(listApplicationsQueryOptions(input));
}
