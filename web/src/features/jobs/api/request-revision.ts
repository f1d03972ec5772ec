import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBody, RouteResponse } from '@studio/shared/routes';
import { apiRequest } from '../../../lib/api-client.ts';
import { clientJobsKey } from './approve-job.ts';
import { refreshQueries } from '../../../lib/use-invalidating-mutation.ts';

/** `POST /api/jobs/{id}/revision-requests` (#17): notes and the upload of reference images, if any. */
export function requestRevision(
  id: string,
  body: RouteBody<'createRevisionRequest'>,
): Promise<RouteResponse<'createRevisionRequest'>> {
  return apiRequest('createRevisionRequest', { params: { id }, body });
}

export function useRequestRevision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RouteBody<'createRevisionRequest'> }) => requestRevision(id, body),
    onSettled: () => refreshQueries(queryClient, clientJobsKey),
  });
}
