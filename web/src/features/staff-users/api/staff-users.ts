import type { InvoiceResponse } from '@studio/shared/invoice';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteBody } from '@studio/shared/routes';
import { staffApiRequest } from '../../../lib/staff-api.ts';

/** The user table's calls (SUPER_ADMIN), with the staff token; changes refresh both lists. */

const usersKey = ['staff-users'] as const;

export function useClients() {
  return useQuery({
    queryKey: [...usersKey, 'clients'],
    queryFn: ({ signal }) => staffApiRequest('listClients', { signal }).then((answer) => answer.users),
    staleTime: 0,
  });
}

export function useStaffMembers() {
  return useQuery({
    queryKey: [...usersKey, 'staff'],
    queryFn: ({ signal }) => staffApiRequest('listStaff', { signal }).then((answer) => answer.admins),
    staleTime: 0,
  });
}

/** The view-jobs modal: a client's jobs (`GET /api/jobs/user-jobs?userId=`). */
export function useJobsOfUser(userId: string | null) {
  return useQuery({
    queryKey: ['staff-jobs', 'user', userId],
    queryFn: ({ signal }) =>
      staffApiRequest('listUserJobs', { query: { userId: userId! }, signal }).then((answer) => answer.jobs),
    enabled: userId !== null,
    staleTime: 0,
  });
}

function useUsersMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}

export function useDeleteClient() {
  return useUsersMutation((id: string) => staffApiRequest('deleteClient', { params: { id } }));
}

export function useInviteStaff() {
  return useUsersMutation((body: RouteBody<'inviteStaff'>) => staffApiRequest('inviteStaff', { body }));
}

export function useSetStaffStatus() {
  return useUsersMutation((variables: { id: string; status: 'ACTIVE' | 'DISABLED' }) =>
    staffApiRequest('setStaffStatus', { params: { id: variables.id }, body: { status: variables.status } }),
  );
}

export function useDeleteStaff() {
  return useUsersMutation((id: string) => staffApiRequest('deleteStaff', { params: { id } }));
}

/** `GET /api/jobs/{id}/invoice` with the staff token: the view-jobs modal's invoice links (#16). */
export function getJobInvoice(id: string): Promise<InvoiceResponse> {
  return staffApiRequest('getInvoice', { params: { id } });
}
