import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { applicationKeys } from './query-keys.ts';

/** `GET /api/applications/{id}`: one application with its opening. */
export function getApplication(id: string, signal?: AbortSignal) {
  return staffApiRequest('getApplication', { params: { id }, signal });
}

export const getApplicationQueryOptions = (id: string) =>
  queryOptions({ queryKey: applicationKeys.detail(id), queryFn: ({ signal }) => getApplication(id, signal) });

export function useApplication(id: string) {
  return useQuery(getApplicationQueryOptions(id));
}
