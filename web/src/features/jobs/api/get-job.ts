import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job } from '@studio/shared/job';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/jobs/{id}`: one of the caller's jobs. */
export async function getJob(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Job> {
  const { job } = await apiRequest('getJob', { params: { id }, signal });
  return job;
}

export const getJobQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['jobs', 'detail', id], queryFn: ({ signal }) => getJob(id, { signal }), staleTime: 0 });

export function useJob(id: string | undefined) {
  return useQuery({ ...getJobQueryOptions(id ?? ''), enabled: id !== undefined });
}
