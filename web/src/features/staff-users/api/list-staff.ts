import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { userKeys } from './query-keys.ts';

/** `GET /api/admin`: every staff account, enabled or not. */
export function listStaff(signal?: AbortSignal) {
  return staffApiRequest('listStaff', { signal }).then((answer) => answer.admins);
}

export const staffQueryOptions = () =>
  queryOptions({ queryKey: userKeys.staff(), queryFn: ({ signal }) => listStaff(signal), staleTime: 0 });

export function useStaffMembers() {
  return useQuery(staffQueryOptions());
}
