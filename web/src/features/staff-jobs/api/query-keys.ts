import type { JobNeedsKey } from '@studio/shared/studio-overview';

/**
 * Which jobs a list holds: all of them or the unassigned ones, only those still to be paid (#16;
 * absent: paid or not), only the open ones by due time (the managers' board; not with
 * `unassigned`), and the search ('' for none). The filters combine.
 */
export interface JobListFilter {
  unassigned: boolean;
  unpaid?: boolean;
  open?: boolean;
  search: string;
  /** Find a job (#40): its number, or its client's name or e-mail ('' or absent for none). */
  q?: string;
  /** One list of "Needs action" (#40, item 9): alone, the other filters are not sent with it. */
  needs?: JobNeedsKey;
}

/**
 * Every query key of the job workflow, built here and nowhere else, from the widest to the
 * narrowest. `jobKeys.jobs()` is every query that holds jobs (a change to a job refreshes these);
 * the editors are apart, as no job change alters them. A query added later that holds jobs (one
 * job's details, its files or payments) goes under `jobs()`, so the changes already written
 * refresh it too.
 */
export const jobKeys = {
  all: ['staff-jobs'] as const,
  jobs: () => [...jobKeys.all, 'jobs'] as const,
  lists: () => [...jobKeys.jobs(), 'list'] as const,
  list: (filter: JobListFilter) =>
    [
      ...jobKeys.lists(),
      filter.unassigned ? 'unassigned' : filter.open ? 'open' : 'all',
      filter.unpaid ? 'unpaid' : 'any',
      filter.search,
      filter.q ?? '',
      filter.needs ?? '',
    ] as const,
  /** The signed-in editor's own jobs. */
  assigned: () => [...jobKeys.jobs(), 'assigned'] as const,
  /** One job's timeline and revision requests (#17): under `jobs()`, so every job change refreshes them. */
  timeline: (jobId: string) => [...jobKeys.jobs(), 'timeline', jobId] as const,
  revisions: (jobId: string) => [...jobKeys.jobs(), 'revisions', jobId] as const,
  editors: () => [...jobKeys.all, 'editors'] as const,
};
