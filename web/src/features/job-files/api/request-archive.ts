import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArchiveSet } from '@studio/shared/job-files';
import { callApi } from './call-api.ts';
import { jobFileKeys, type Caller } from './query-keys.ts';

/** `POST /api/jobs/{id}/archives/{set}`: the current zip, or a new build of it (BUILDING). */
export function requestArchive(caller: Caller, jobId: string, set: ArchiveSet) {
  return callApi(caller, 'requestArchive', { params: { id: jobId, set } }).then((answer) => answer.archive);
}

/** The answer is the archive's new state: it replaces the set's archive query (which then polls). */
export function useRequestArchive(caller: Caller, jobId: string, set: ArchiveSet) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestArchive(caller, jobId, set),
    onSuccess: (archive) => queryClient.setQueryData(jobFileKeys.archive(caller, jobId, set), archive),
  });
}
