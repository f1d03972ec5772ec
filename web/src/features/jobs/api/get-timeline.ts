import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TimelineEntry } from '@studio/shared/job-lifecycle';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/jobs/{id}/timeline` (#17): the client's job, every change oldest first. */
export async function getTimeline(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<TimelineEntry[]> {
  const { timeline } = await apiRequest('getJobTimeline', { params: { id }, signal });
  return timeline;
}

export const timelineQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['jobs', 'timeline', id],
    queryFn: ({ signal }) => getTimeline(id, { signal }),
    staleTime: 0,
  });

export const useTimeline = (id: string) => useQuery(timelineQueryOptions(id));
