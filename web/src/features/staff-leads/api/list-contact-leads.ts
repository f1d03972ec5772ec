import { useInfiniteQuery } from '@tanstack/react-query';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { leadPageQuery, leadPagesOptions, type LeadPageRequest } from './lead-pages.ts';

/**
 * `GET /api/contact/all-leads`: 50 leads of the contact and footer forms, newest first, from
 * `next`; `search` matches name, e-mail or service anywhere, across every lead stored.
 */
export function listContactLeads(request: LeadPageRequest) {
  return staffApiRequest('listContactLeads', { query: leadPageQuery(request), signal: request.signal });
}

export const contactLeadsQueryOptions = (search: string) => leadPagesOptions('contact', search, listContactLeads);

export function useContactLeads(search: string) {
  return useInfiniteQuery(contactLeadsQueryOptions(search));
}
