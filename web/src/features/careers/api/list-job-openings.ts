import { useDeferredValue } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/job-openings`: the active openings, newest first. */
export function listJobOpenings({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('listJobOpenings', { signal });
}

export const listJobOpeningsQueryOptions = () =>
  queryOptions({ queryKey: ['job-openings'], queryFn: ({ signal }) => listJobOpenings({ signal }) });

export function useJobOpenings() {
  // Rendered at low priority: the sections showing the answer re-render in slices (docs/decisions/fast-accessible-indexable.md).
  return useDeferredValue(useQuery(listJobOpeningsQueryOptions()));
}
