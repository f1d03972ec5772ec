import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArchiveSet } from '@studio/shared/job-files';
import { callApi } from './call-api.ts';
import { jobFileKeys, type Caller } from './query-keys.ts';

/** `GET /api/jobs/{id}/archives/{set}`: the state of a set's "Download all" zip. */
export function getArchive(caller: Caller, jobId: string, set: ArchiveSet, signal?: AbortSignal) {
  return callApi(caller, 'getArchive', { params: { id: jobId, set }, signal }).then((answer) => answer.archive);
}

/** Read again every two seconds while the zip is being built (in the background). */
export const archiveQueryOptions = (caller: Caller, jobId: string, set: ArchiveSet) =>
  queryOptions({
    queryKey: jobFileKeys.archive(caller, jobId, set),
    queryFn: ({ signal }) => getArchive(caller, jobId, set, signal),
    refetchInterval: (query) => (query.state.data?.status === 'BUILDING' ? 2000 : false),
    staleTime: 0,
  });

export function useArchive(caller: Caller, jobId: string, set: ArchiveSet) {
  return useQuery(archiveQueryOptions(caller, jobId, set));
}
