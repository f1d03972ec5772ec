import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ArchiveSet, JobArchive } from '@studio/shared/job-files';
import { callApi } from './call-api.ts';
import { jobFileKeys, type Caller } from './query-keys.ts';

/**
 * "Download all": `GET /api/jobs/{id}/archives/{set}` reads the archive's state, polled every two
 * seconds while it is being built; `POST` asks for it (built in the background).
 */
export function useJobArchive(caller: Caller, jobId: string, set: ArchiveSet) {
  const queryClient = useQueryClient();
  const queryKey = jobFileKeys.archive(caller, jobId, set);
  const archive = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      callApi(caller, 'getArchive', { params: { id: jobId, set }, signal }).then((a) => a.archive),
    refetchInterval: (query) => (query.state.data?.status === 'BUILDING' ? 2000 : false),
    staleTime: 0,
  });
  const request = useMutation({
    mutationFn: () => callApi(caller, 'requestArchive', { params: { id: jobId, set } }).then((a) => a.archive),
    onSuccess: (next: JobArchive) => queryClient.setQueryData(queryKey, next),
  });
  return { archive, request };
}
