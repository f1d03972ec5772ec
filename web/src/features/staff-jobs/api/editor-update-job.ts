import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBody } from '@studio/shared/routes';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { jobKeys } from './query-keys.ts';
import { refreshQueries } from '../../../lib/use-invalidating-mutation.ts';

/** `PUT /api/jobs/{id}/editor-update` (the assigned editor): the delivery link and progress. */
export function editorUpdateJob({ id, body }: { id: string; body: RouteBody<'editorUpdateJob'> }) {
  return staffApiRequest('editorUpdateJob', { params: { id }, body });
}

/**
 * The editor reads only their own jobs: that list is what changes (`jobKeys.assigned()`), also
 * after a refusal (the job was changed or taken away meanwhile).
 */
export function useEditorUpdateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editorUpdateJob,
    onSettled: () => refreshQueries(queryClient, jobKeys.assigned()),
  });
}
