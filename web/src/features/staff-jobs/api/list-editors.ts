import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { jobKeys } from './query-keys.ts';

/** `GET /api/admin/editors`: the enabled staff in EDITOR, the only ones offered for assignment. */
export function listEditors(signal?: AbortSignal) {
  return staffApiRequest('listEditors', { signal }).then((answer) => answer.editors);
}

export type Editor = Awaited<ReturnType<typeof listEditors>>[number];

export const editorsQueryOptions = () =>
  queryOptions({ queryKey: jobKeys.editors(), queryFn: ({ signal }) => listEditors(signal), staleTime: 0 });

export function useEditors() {
  return useQuery(editorsQueryOptions());
}
