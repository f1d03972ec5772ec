import { isConditionFailed, isTransactionCancelled } from '../lib/dynamo-errors.ts';
import type { Context } from 'aws-lambda';
import { invocationLogger, type Logger } from '../lib/observability.ts';
import { dropAwaitingApproval, listAwaitingApproval } from '../data/job-lifecycle.ts';
import { approveJob } from '../data/image-reviews.ts';
import { ConflictError } from '../lib/errors.ts';
import { getJob } from '../data/jobs.ts';
import { keepOpenJobsIndex } from '../data/job-open-index.ts';
import { getStudioSettings } from '../data/settings.ts';
import { runOverdueNotices, type OverdueNoticesResult } from './overdue-notices.ts';
import { runImageDigests, type DigestRun } from '../data/image-digests.ts';

/*
 * Auto-approval (issue 17): a delivery the client has not answered within the studio's
 * `autoApprovalDays` (default 7) becomes COMPLETED, with an 'auto-approved' timeline entry and the
 * `job.approved` e-mail (by: 'auto'). On AWS an EventBridge rule runs this function every hour; the
 * local stack runs the same function on a timer. Tests call `runAutoApproval` with a fixed clock.
 *
 * Each delivery leaves a marker (`AWAITING_APPROVAL` / `<deliveredAt>#<jobId>`); the sweep reads the
 * markers up to the cutoff, oldest first. A marker whose job is no longer DELIVERED with that very
 * delivery time (answered, reopened, cancelled, delivered again later) is dropped. The approval is
 * the client's own write (conditional on the job as read), so a client answering at the same
 * moment wins or loses cleanly: one outcome, and a lost race is left for the next run.
 *
 * A job with images (#34) is approved as the client's approval does it: its undecided images
 * approved first, in chunks. One whose client rejected images and has not sent them back is held:
 * rejections are an answer (the client is still reviewing), so the studio does not approve over
 * them; its marker stays and the next runs look at it again.
 */

const dayMs = 86_400_000;

export interface AutoApprovalResult {
  approved: string[];
  /** Markers of deliveries answered meanwhile, removed. */
  dropped: number;
  /** Jobs whose approval lost a race with another change; looked at again on the next run. */
  skipped: number;
  /** Jobs with images the client rejected and has not sent back (#34): not approved for it. */
  held: number;
}

/**
 * Approves every delivery older than the studio's auto-approval days at `now` (the clock seam).
 * `onlyJobs` limits the run to some jobs: the API tests share one table with other test files
 * running at the same time, whose deliveries a run at a fixed future clock must not answer.
 */
export async function runAutoApproval(
  now: Date = new Date(),
  options: { onlyJobs?: ReadonlySet<string>; log?: Logger } = {},
): Promise<AutoApprovalResult> {
  const log = options.log ?? invocationLogger({ route: 'auto-approval' });
  const { autoApprovalDays: days } = await getStudioSettings();
  const cutoff = new Date(now.getTime() - days * dayMs).toISOString();
  const result: AutoApprovalResult = { approved: [], dropped: 0, skipped: 0, held: 0 };
  let start: Record<string, unknown> | undefined;
  do {
    const page = await listAwaitingApproval(cutoff, start);
    for (const { jobId, deliveredAt } of page.waiting) {
      if (options.onlyJobs && !options.onlyJobs.has(jobId)) continue;
      const job = await getJob(jobId);
      if (!job || job.status !== 'DELIVERED' || job.roundDeliveredAt !== deliveredAt) {
        await dropAwaitingApproval(jobId, deliveredAt);
        result.dropped++;
        continue;
      }
      try {
        const approved = await approveJob(job, { kind: 'auto', days }, { now: () => now.toISOString() });
        if (approved.job.status === 'COMPLETED') result.approved.push(jobId);
        else result.skipped++;
      } catch (error) {
        if (error instanceof ConflictError) {
          // The client rejected images and has not sent them (#34): its answer is under way, not
          // missing. The delivery waits (its marker stays) until the client sends or withdraws.
          result.held++;
          continue;
        }
        if (!isConditionFailed(error) && !isTransactionCancelled(error)) throw error;
        result.skipped++;
      }
    }
    start = page.next;
  } while (start);
  if (result.approved.length > 0 || result.dropped > 0)
    log.info('auto-approval run', {
      approved: result.approved.length,
      dropped: result.dropped,
      skipped: result.skipped,
      cutoff,
    });
  return result;
}

/**
 * The scheduled function's entry: EventBridge's event carries nothing we need. The same hourly run
 * also puts right the open-jobs index of the jobs changed since its last run that are out of step
 * (data/job-open-index.ts; every job, after the deployment that adds the index, is the one-off
 * `npm run repair-open-jobs`), then sends the overdue notices (workers/overdue-notices.ts), which
 * read that index, and the digests of images delivered (#33). Each part reads what changed or fell
 * due, never every job.
 */
export async function handler(
  _event?: unknown,
  context?: Context,
): Promise<
  AutoApprovalResult &
    OverdueNoticesResult & { openIndexRepaired: number; openIndexChecked: number; digests: DigestRun }
> {
  const log = invocationLogger({ route: 'auto-approval' }, context);
  const approvals = await runAutoApproval(new Date(), { log });
  const upkeep = await keepOpenJobsIndex();
  if (upkeep.repaired.length > 0)
    log.info('open-jobs index repaired', {
      count: upkeep.repaired.length,
      checked: upkeep.checked,
      since: upkeep.since,
    });
  if (upkeep.needsRepaired.length > 0) {
    log.info('needs-action markers repaired', { count: upkeep.needsRepaired.length, since: upkeep.since });
  }
  const notices = await runOverdueNotices(new Date(), { log });
  // #33: the hour's "N of M images delivered" e-mails.
  const digests = await runImageDigests();
  return {
    ...approvals,
    ...notices,
    openIndexRepaired: upkeep.repaired.length,
    openIndexChecked: upkeep.checked,
    digests,
  };
}
