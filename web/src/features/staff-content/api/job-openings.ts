import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffApiRequest } from '../../../lib/staff-api.ts';

export const allJobOpeningsQueryOptions = () =>
  queryOptions({
    queryKey: ['staff-job-openings'],
    queryFn: async ({ signal }) => (await staffApiRequest('listAllJobOpenings', { signal })).openings,
  });

export const useAllJobOpenings = () => useQuery(allJobOpeningsQueryOptions());
