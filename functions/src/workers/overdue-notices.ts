import { listOverdueCandidates, noticeOverdue } from '../data/job-overdue.ts';
import { invocationLogger, type Logger } from '../lib/observability.ts';

/*
 * Overdue notices (#17, #18): the managers hear once of each job whose due time passed while the
 * studio still owed the work. It runs in the same scheduled function as auto-approval (hourly on
 * AWS, a timer in the local stack); tests call `runOverdueNotices` with a fixed clock.
 */

export interface OverdueNoticesResult {
  /** Jobs whose notice was queued by this run. */
  noticed: string[];
}

/**
 * Queues the `job.overdue` e-mail of every job due before `now` (the clock seam) and not yet
 * noticed for that due time. `onlyJobs` limits the run, as for auto-approval: the API tests share
 * one table with other test files, whose jobs a run at a future clock must leave alone.
 */
export async function runOverdueNotices(
  now: Date = new Date(),
  options: { onlyJobs?: ReadonlySet<string>; log?: Logger } = {},
): Promise<OverdueNoticesResult> {
  const at = now.toISOString();
  const result: OverdueNoticesResult = { noticed: [] };
  let start: Record<string, unknown> | undefined;
  do {
    const page = await listOverdueCandidates(at, start);
    for (const jobId of page.jobIds) {
      if (options.onlyJobs && !options.onlyJobs.has(jobId)) continue;
      if (await noticeOverdue(jobId, at)) result.noticed.push(jobId);
    }
    start = page.next;
  } while (start);
  if (result.noticed.length > 0)
    (options.log ?? invocationLogger({ route: 'overdue-notices' })).info('overdue notices', {
      count: result.noticed.length,
    });
  return result;
}
