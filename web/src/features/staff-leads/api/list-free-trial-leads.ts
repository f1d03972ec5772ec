import { useInfiniteQuery } from '@tanstack/react-query';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { leadPageQuery, leadPagesOptions, type LeadPageRequest } from './lead-pages.ts';

/**
 * `GET /api/free-trial-leads/all`: 50 free-trial requests, newest first, from `next`; `search`
 * matches name, e-mail or service anywhere, across every request stored.
 */
export function listFreeTrialLeads(request: LeadPageRequest) {
  return staffApiRequest('listFreeTrialLeads', { query: leadPageQuery(request), signal: request.signal });
}

export const freeTrialLeadsQueryOptions = (search: string) =>
  leadPagesOptions('free-trial', search, listFreeTrialLeads);

export function useFreeTrialLeads(search: string) {
  return useInfiniteQuery(freeTrialLeadsQueryOptions(search));
}
