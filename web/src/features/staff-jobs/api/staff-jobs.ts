import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { RouteBody } from '@studio/shared/routes';
import { staffApiRequest } from '../../../lib/staff-api.ts';

/*
 * The job workflow's calls, with the staff token. Every change refreshes the job lists it can
 * affect (all jobs, unassigned, the editor's own).
 */

const jobsKey = ['staff-jobs'] as const;
const pageSize = 100;

/** Which jobs a list shows: all, the unassigned ones (assign page), the ones still to be paid (#16). */
export type StaffJobsFilter = 'all' | 'unassigned' | 'unpaid';

/** `GET /api/jobs` (or `?unassigned=true`, `?unpaid=true`), page by page, newest first. */
export const staffJobsQueryOptions = (filter: StaffJobsFilter) =>
  infiniteQueryOptions({
    queryKey: [...jobsKey, filter],
    queryFn: ({ pageParam, signal }) =>
      staffApiRequest('listAllJobs', {
        query: {
          limit: pageSize,
          ...(filter === 'unassigned' ? { unassigned: 'true' as const } : {}),
          ...(filter === 'unpaid' ? { unpaid: 'true' as const } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    // Switching the filter keeps the list (and the toolbar) on screen until the new one answers.
    placeholderData: keepPreviousData,
  });

export function useStaffJobs(filter: StaffJobsFilter) {
  return useInfiniteQuery(staffJobsQueryOptions(filter));
}

/** `GET /api/admin/editors`: enabled staff in EDITOR, the only ones offered for assignment. */
export function useEditors() {
  return useQuery({
    queryKey: ['staff-editors'],
    queryFn: ({ signal }) => staffApiRequest('listEditors', { signal }).then((answer) => answer.editors),
    staleTime: 0,
  });
}

/** `GET /api/jobs/assigned-jobs`: the signed-in editor's jobs. */
export function useAssignedJobs() {
  return useQuery({
    queryKey: [...jobsKey, 'assigned'],
    queryFn: ({ signal }) => staffApiRequest('listAssignedJobs', { signal }).then((answer) => answer.assignedJobs),
    staleTime: 0,
  });
}

/** A change of jobs (assignment, progress, payment) refreshes every job list. */
export function useJobMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsKey }),
  });
}

export function useAssignJob() {
  return useJobMutation((variables: { id: string; editorId: string }) =>
    staffApiRequest('assignJob', { params: { id: variables.id }, body: { editorId: variables.editorId } }),
  );
}

export function useUpdateJob() {
  return useJobMutation((variables: { id: string; body: RouteBody<'updateJob'> }) =>
    staffApiRequest('updateJob', { params: { id: variables.id }, body: variables.body }),
  );
}

export function useEditorUpdate() {
  return useJobMutation((variables: { id: string; body: RouteBody<'editorUpdateJob'> }) =>
    staffApiRequest('editorUpdateJob', { params: { id: variables.id }, body: variables.body }),
  );
}

/** `DELETE /api/jobs/{id}` (super-admin): cancelled jobs only. */
export function useDeleteJob() {
  return useJobMutation((id: string) => staffApiRequest('deleteJob', { params: { id } }));
}
