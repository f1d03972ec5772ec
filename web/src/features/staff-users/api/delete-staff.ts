import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { userKeys } from './query-keys.ts';
import { refreshQueries } from '../../../lib/use-invalidating-mutation.ts';

/** `DELETE /api/admin/{id}`: a staff account, for good. */
export function deleteStaff(id: string) {
  return staffApiRequest('deleteStaff', { params: { id } });
}

/** The account leaves the staff list. */
export function useDeleteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStaff,
    onSuccess: () => refreshQueries(queryClient, userKeys.staff()),
  });
}
