import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StyleSpec } from '@studio/shared/style-spec';
import { apiRequest } from '../../../lib/api-client.ts';
import { specKeys } from './query-keys.ts';

/** `GET /api/jobs/{id}/spec`: the version the job was ordered with, for ever (edits and deletes do not change it). */
export async function getJobSpec(jobId: string, { signal }: { signal?: AbortSignal } = {}): Promise<StyleSpec> {
  const { spec } = await apiRequest('getJobSpec', { params: { id: jobId }, signal });
  return spec;
}

export const getJobSpecQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: specKeys.ofJob(jobId),
    queryFn: ({ signal }) => getJobSpec(jobId, { signal }),
    // A version never changes: read once.
    staleTime: Infinity,
  });

export function useJobSpec(jobId: string, enabled: boolean) {
  return useQuery({ ...getJobSpecQueryOptions(jobId), enabled });
}
