import { decideCancellation } from '../data/job-lifecycle.ts';
import { getJob } from '../data/jobs.ts';
import { withRetry } from '../data/transactions.ts';
import { ConflictError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { actorOf, jobNotFound } from './access.ts';
import { assertMoveTo } from './transitions.ts';
import { expireCheckoutOnCancel } from './checkout-on-cancel.ts';
import { jobFor } from './job-view.ts';

/**
 * `PUT api/jobs/{id}/cancellation-request` (manager, super-admin): accepts the client's pending
 * request (the job is CANCELLED; a paid job's money goes back through #16's refund, by a
 * SUPER_ADMIN) or declines it (the work goes on). The client is told either way. A card checkout
 * still open for a cancelled job is expired at Stripe.
 */
export const decideCancellationRoute: RouteImpl<'decideCancellation'> = async ({ params, body, caller, log }) => {
  const { before, after } = await withRetry(
    async () => {
      const job = await getJob(params.id);
      if (!job) throw jobNotFound();
      if (job.cancellationRequest?.status !== 'PENDING') {
        throw new ConflictError('There is no cancellation request waiting for a decision on this job.');
      }
      if (body.decision === 'ACCEPTED') assertMoveTo(job, 'CANCELLED');
      const decided = await decideCancellation(job, body.decision, actorOf(caller!), new Date().toISOString());
      return { before: job, after: decided };
    },
    { retryFailedConditionsAt: [0], tries: 4 },
  );
  await expireCheckoutOnCancel(before, after, log);
  return { job: await jobFor(caller!, after) };
};
