import { approveJob, stopBefore, unfinishedApprovalText } from '../data/image-reviews.ts';
import { ServiceUnavailableError } from '../lib/errors.ts';
import { getJob } from '../data/jobs.ts';
import { withRetry } from '../data/transactions.ts';
import type { RouteImpl } from '../lib/http.ts';
import { actorOf, assertJobPermission } from './access.ts';
import { assertMoveTo } from './transitions.ts';
import { jobFor } from './job-view.ts';

/**
 * `PUT api/jobs/{id}/approve` (the owner): the delivery is accepted and the job COMPLETED. The
 * write is conditional on the job as read; if a revision request (or any change) got there first,
 * the job is read again and the move checked again, so the caller learns why (409). A job with
 * images (#34) approves its images still undecided first, and is refused while rejections wait
 * to be sent (data/image-reviews.ts, `approveJob`).
 */
export const approveJobRoute: RouteImpl<'approveJob'> = async ({ params, caller, log, remainingMs }) =>
  withRetry(
    async () => {
      const job = await assertJobPermission(caller!, await getJob(params.id), 'review');
      assertMoveTo(job, 'COMPLETED');
      const approved = await approveJob(
        job,
        { kind: 'client', actor: actorOf(caller!) },
        { stop: stopBefore(remainingMs) },
      );
      if (approved.approvedImages > 0) {
        log.info('images approved', {
          jobId: job.id,
          approved: approved.approvedImages,
          transactions: approved.transactions,
        });
      }
      if (!approved.complete) {
        // Out of the request's time with images left: they stay approved, the job DELIVERED.
        const left = (approved.job.imageCounts?.DELIVERED ?? 0) - approved.approvedImages;
        throw new ServiceUnavailableError(unfinishedApprovalText(approved.approvedImages, Math.max(1, left)));
      }
      // A change that got there first (a revision request while the images were approved): say why.
      if (approved.job.status !== 'COMPLETED') assertMoveTo(approved.job, 'COMPLETED');
      return { job: await jobFor(caller!, approved.job) };
    },
    { retryFailedConditionsAt: [0], tries: 4 },
  );
