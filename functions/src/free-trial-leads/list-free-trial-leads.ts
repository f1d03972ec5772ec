import { searchFreeTrialLeads } from '../data/leads-admin.ts';
import type { RouteImpl } from '../lib/http.ts';

/** A page of leads, newest first, optionally searched; a `next` this list did not give is a 400. */
export const listFreeTrialLeadsRoute: RouteImpl<'listFreeTrialLeads'> = ({ query }) =>
  searchFreeTrialLeads(query.search || undefined, query.next ?? null);
