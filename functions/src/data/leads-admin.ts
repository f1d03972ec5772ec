import { leadPageSize } from '@studio/shared/content-admin';
import type { ContactLead, FreeTrialLead } from '@studio/shared/lead';
import { keyNames, leadListPartition } from './keys.ts';
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

/** Invalid `next` values are the caller's mistake: the route turns this into a 400. */
export class BadCursorError extends Error {}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const name = (error as Error).name;
    if (error instanceof SyntaxError || name === 'ValidationException') throw new BadCursorError('bad cursor');
    throw error;
  }
}

const cursorKeyNames = [keyNames.pk, keyNames.sk, keyNames.gsi1.partitionKey, keyNames.gsi1.sortKey].sort().join();

/** A `next` position must be one this module answered: the index keys of a lead of this list. */
function checkCursor(next: string | null, list: string): void {
  if (next === null) return;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(next, 'base64url').toString('utf8'));
  } catch {
    throw new BadCursorError('bad cursor');
  }
  const keys = decoded as Record<string, unknown>;
  const valid =
    typeof decoded === 'object' &&
    decoded !== null &&
    !Array.isArray(decoded) &&
    Object.keys(keys).sort().join() === cursorKeyNames &&
    Object.values(keys).every((value) => typeof value === 'string' && value.length <= 200) &&
    keys[keyNames.gsi1.partitionKey] === list;
  if (!valid) throw new BadCursorError('bad cursor');
}

export function searchContactLeads(search: string | undefined, next: string | null): Promise<LeadPage<ContactLead>> {
  checkCursor(next, leadListPartition('contact'));
  return guarded(() =>
    searchPages(listContactLeads, (lead) => !search || matches(search, lead.name, lead.email, lead.service), next),
  );
}

export function searchFreeTrialLeads(
  search: string | undefined,
  next: string | null,
): Promise<LeadPage<FreeTrialLead>> {
  checkCursor(next, leadListPartition('freeTrial'));
  return guarded(() =>
    searchPages(listFreeTrialLeads, (lead) => !search || matches(search, lead.name, lead.email, lead.service), next),
  );
}
