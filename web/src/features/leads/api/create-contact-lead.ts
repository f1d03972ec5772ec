import { useMutation } from '@tanstack/react-query';
import type { RouteBody } from '@studio/shared/routes';
import { apiRequest } from '../../../lib/api-client.ts';

export type ContactLeadInput = RouteBody<'createContactLead'>;

/** `POST /api/contact/addnew`: stores a contact lead (contact page or footer form). */
export function createContactLead(body: ContactLeadInput) {
  return apiRequest('createContactLead', { body });
}

export function useCreateContactLead() {
  // Leads are read by staff only; nothing on the public site shows them, so nothing to invalidate.
  return useMutation({ mutationFn: createContactLead });
}
