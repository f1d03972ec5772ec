import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { userKeys } from './query-keys.ts';

/** `GET /api/users`: every client account (the route answers them all, so the table sorts them). */
export function listClients(signal?: AbortSignal) {
  return staffApiRequest('listClients', { signal }).then((answer) => answer.users);
}

export const clientsQueryOptions = () =>
  queryOptions({ queryKey: userKeys.clients(), queryFn: ({ signal }) => listClients(signal), staleTime: 0 });

export function useClients() {
  return useQuery(clientsQueryOptions());
}
