import { canMoveJob } from '@studio/shared/job-workflow';
import { requestCancellation } from '../data/job-lifecycle.ts';
import { getJob } from '../data/jobs.ts';
import { withRetry } from '../data/transactions.ts';
import { ConflictError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { actorOf, assertJobPermission } from './access.ts';
import { clientMayCancel } from './cancel-job.ts';
import { refusedMoveMessage } from './transitions.ts';
import { jobFor } from './job-view.ts';

/**
 * `POST api/jobs/{id}/cancellation-request` (the owner): asks the studio to cancel a job the
 * client cannot cancel itself (paid, or work started). A MANAGER accepts or declines it; one
 * request waits at a time.
 */
export const requestCancellationRoute: RouteImpl<'requestCancellation'> = async ({ params, body, caller }) =>
  withRetry(
    async () => {
      const job = await assertJobPermission(caller!, await getJob(params.id), 'order');
      if (!canMoveJob(job.status, 'CANCELLED')) throw new ConflictError(refusedMoveMessage(job.status, 'CANCELLED'));
      if (clientMayCancel(job)) throw new ConflictError('Nothing was paid or started yet: cancel the job directly.');
      if (job.cancellationRequest?.status === 'PENDING') {
        throw new ConflictError('You asked to cancel this job already; the studio will answer.');
      }
      const requested = await requestCancellation(job, body.reason ?? '', actorOf(caller!), new Date().toISOString());
      return { job: await jobFor(caller!, requested) };
    },
    { retryFailedConditionsAt: [0], tries: 4 },
  );
