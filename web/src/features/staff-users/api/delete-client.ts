import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { userKeys } from './query-keys.ts';
import { refreshQueries } from '../../../lib/use-invalidating-mutation.ts';

/** `DELETE /api/users/{id}`: a client account (their past jobs are kept). */
export function deleteClient(id: string) {
  return staffApiRequest('deleteClient', { params: { id } });
}

/** The account leaves the clients list; its jobs stay as they were. */
export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: () => refreshQueries(queryClient, userKeys.clients()),
  });
}
