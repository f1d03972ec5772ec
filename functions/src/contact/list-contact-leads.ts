import { searchContactLeads } from '../data/leads-admin.ts';
import type { RouteImpl } from '../lib/http.ts';

/** A page of leads, newest first, optionally searched; a `next` this list did not give is a 400. */
export const listContactLeadsRoute: RouteImpl<'listContactLeads'> = ({ query }) =>
  searchContactLeads(query.search || undefined, query.next ?? null);
