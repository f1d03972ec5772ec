import { leadPageSize } from '@studio/shared/content-admin';
import type { ContactLead, FreeTrialLead } from '@studio/shared/lead';
import { listContactLeads, listFreeTrialLeads, type LeadPage } from './leads.ts';

/*
 * Staff reads of leads: newest first, a page at a time, optionally searched by name, e-mail or
 * service (case-insensitive, anywhere in the text). Leads grow without bound and DynamoDB cannot
 * search text case-insensitively, so a search reads pages in order and keeps the matches: it stops
 * once it has a page's worth of matches or has read `maxPagesPerRequest` pages, and answers the
 * position to continue from (`next`), so a rare search over many leads is continued by "Load more".
 */

const maxPagesPerRequest = 20;

function matches(search: string, ...fields: (string | null)[]): boolean {
  const needle = search.toLowerCase();
  return fields.some((field) => field !== null && field.toLowerCase().includes(needle));
}

async function searchPages<T>(
  read: (limit: number, next: string | null) => Promise<LeadPage<T>>,
  keep: (lead: T) => boolean,
  next: string | null,
): Promise<LeadPage<T>> {
  const found: T[] = [];
  let cursor = next;
  for (let page = 0; page < maxPagesPerRequest; page++) {
    const result = await read(leadPageSize, cursor);
    found.push(...result.leads.filter(keep));
    cursor = result.next;
    if (!cursor || found.length >= leadPageSize) break;
  }
  return { leads: found, next: cursor };
}

export function searchContactLeads(search: string | undefined, next: string | null): Promise<LeadPage<ContactLead>> {
  return searchPages(listContactLeads, (lead) => !search || matches(search, lead.name, lead.email, lead.service), next);
}

export function searchFreeTrialLeads(
  search: string | undefined,
  next: string | null,
): Promise<LeadPage<FreeTrialLead>> {
  return searchPages(
    listFreeTrialLeads,
    (lead) => !search || matches(search, lead.name, lead.email, lead.service),
    next,
  );
}
