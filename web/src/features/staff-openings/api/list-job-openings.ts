import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobOpening } from '@studio/shared/job-opening';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { openingKeys } from './query-keys.ts';

/**
 * `GET /api/job-openings/all`: every opening, active or not, newest first. The route answers the
 * whole list (it neither pages nor searches).
 */
export async function listJobOpenings({ signal }: { signal?: AbortSignal } = {}): Promise<JobOpening[]> {
  return (await staffApiRequest('listAllJobOpenings', { signal })).openings;
}

export const jobOpeningsQueryOptions = () =>
  queryOptions({
    queryKey: openingKeys.lists(),
    queryFn: ({ signal }) => listJobOpenings({ signal }),
    staleTime: 0,
  });

export function useJobOpenings() {
  return useQuery(jobOpeningsQueryOptions());
}
