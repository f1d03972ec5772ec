import { jobSearchIndexKeys, jobSearchKey } from './keys.ts';
import { formatJobNumber } from './yearly-numbers.ts';

/*
 * The terms a job is found by (#40, pattern 62) and how a query compares with them: pure, so that
 * the job's creation (jobs.ts), its deletion, the search (job-search.ts) and the tests share them.
 */

/** Lower case, accents off, `#` (the key separator) dropped: how terms and queries compare. */
export function searchNormal(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replaceAll('#', '').trim();
}

/** The words of a name or query: runs of letters and digits. */
export function searchWords(text: string): string[] {
  return searchNormal(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** A job's client as stored (and as staff read it): name and e-mail. */
export type SearchedClient = { name: string; email: string | null };

/** Most name words of one client that get a search item (a name is rarely longer). */
const maxNameWords = 6;

/** The terms a job is found by: each word of its client's name, and the e-mail. */
export function jobSearchTerms(client: SearchedClient | null | undefined): string[] {
  if (!client) return [];
  const terms = new Set(searchWords(client.name).slice(0, maxNameWords));
  const email = searchNormal(client.email ?? '');
  if (email) terms.add(email);
  return [...terms];
}

/** The search items of a job, to put in the transaction that creates it (or by the repair). */
export function jobSearchItems(job: { id: string; createdAt: string; client?: SearchedClient | null }) {
  return jobSearchTerms(job.client).map((term) => ({
    ...jobSearchKey(job.id, term),
    ...jobSearchIndexKeys(job.id, term, job.createdAt),
    type: 'JobSearchTerm',
    jobId: job.id,
    // The client as the job holds it: a query keeps the items that match before reading any job.
    client: job.client,
  }));
}

/** The keys of a job's search items, to delete with the job. */
export function jobSearchItemKeys(job: { id: string; client?: SearchedClient | null }) {
  return jobSearchTerms(job.client).map((term) => jobSearchKey(job.id, term));
}

/** `RS-2026-0007`, `rs-2026-7`, `2026-0007`: the job number asked for, in its stored form. */
export function asJobNumber(query: string): string | null {
  const match = /^(?:rs-?)?(\d{4})-(\d{1,6})$/i.exec(query.trim());
  return match ? formatJobNumber(Number(match[1]), Number(match[2])) : null;
}

/** Whether the job is the one the query describes: the e-mail begins with it, or every word begins a term. */
export function jobMatchesQuery(job: { client?: SearchedClient | null }, query: string): boolean {
  const terms = jobSearchTerms(job.client);
  const whole = searchNormal(query);
  if (whole && !/\s/.test(whole) && terms.some((term) => term.includes('@') && term.startsWith(whole))) return true;
  const words = searchWords(query);
  return words.length > 0 && words.every((word) => terms.some((term) => term.startsWith(word)));
}
