import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RevisionRequestWithImages } from '@studio/shared/job-lifecycle';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/jobs/{id}/revision-requests` (#17): what the client asked for in each round. */
export async function listRevisionRequests(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RevisionRequestWithImages[]> {
  const { revisions } = await apiRequest('listRevisionRequests', { params: { id }, signal });
  return revisions;
}

export const revisionRequestsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['jobs', 'revisions', id],
    queryFn: ({ signal }) => listRevisionRequests(id, { signal }),
    staleTime: 0,
  });

export const useRevisionRequests = (id: string, enabled = true) =>
  useQuery({ ...revisionRequestsQueryOptions(id), enabled });
