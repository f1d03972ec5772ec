import { useMutation } from '@tanstack/react-query';
import type { RouteBody } from '@studio/shared/routes';
import { apiRequest } from '../../../lib/api-client.ts';

export type FreeTrialLeadInput = RouteBody<'createFreeTrialLead'>;

/** `POST /api/free-trial-leads`: stores a free-trial request. */
export function createFreeTrialLead(body: FreeTrialLeadInput) {
  return apiRequest('createFreeTrialLead', { body });
}

export function useCreateFreeTrialLead() {
  return useMutation({ mutationFn: createFreeTrialLead });
}
