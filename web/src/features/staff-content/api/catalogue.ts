import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@studio/shared/service';
import { staffApiRequest } from '../../../lib/staff-api.ts';

/** Every service with its subservices: the public read, sent with the staff token so the CDN keeps no copy. */
export const staffServicesQueryOptions = () =>
  queryOptions({
    queryKey: ['services', 'staff'],
    queryFn: async ({ signal }): Promise<Service[]> => (await staffApiRequest('listServices', { signal })).services,
  });

export function useStaffServices() {
  return useQuery(staffServicesQueryOptions());
}
