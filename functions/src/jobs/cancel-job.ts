import type { Job } from '@studio/shared/job';
import { cancelByClient } from '../data/job-lifecycle.ts';
import { getJob } from '../data/jobs.ts';
import { withRetry } from '../data/transactions.ts';
import { ConflictError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { actorOf, assertJobPermission } from './access.ts';
import { expireCheckoutOnCancel } from './checkout-on-cancel.ts';
import { jobFor } from './job-view.ts';

export const askToCancelMessage =
  'Work on this job has started or it was paid, so it cannot be cancelled directly: ask the studio to cancel it.';

/** Whether the client may cancel the job itself: nobody started it (PENDING) and no money moved. */
export function clientMayCancel(job: Job): boolean {
  const unpaid = !job.payment || job.payment.status === 'PENDING' || job.payment.status === 'FAILED';
  return job.status === 'PENDING' && unpaid;
}

/**
 * `POST api/jobs/{id}/cancel` (the owner): cancels a PENDING job with nothing paid. A paid or
 * started job needs a cancellation request a manager decides (`api/jobs/{id}/cancellation-request`).
 * A card checkout still open for the job is expired at Stripe.
 */
export const cancelJobRoute: RouteImpl<'cancelJob'> = async ({ params, caller, log }) => {
  const { before, after } = await withRetry(
    async () => {
      const job = await assertJobPermission(caller!, await getJob(params.id), 'order');
      if (job.status === 'CANCELLED') throw new ConflictError('This job is cancelled already.');
      if (!clientMayCancel(job)) throw new ConflictError(askToCancelMessage);
      return { before: job, after: await cancelByClient(job, actorOf(caller!), new Date().toISOString()) };
    },
    { retryFailedConditionsAt: [0], tries: 4 },
  );
  await expireCheckoutOnCancel(before, after, log);
  return { job: await jobFor(caller!, after) };
};
