import { isBillableRound } from '@studio/shared/job-lifecycle';
import { getUpload } from '../data/job-files.ts';
import { requestRevision } from '../data/job-lifecycle.ts';
import { getJob } from '../data/jobs.ts';
import { getStudioSettings } from '../data/settings.ts';
import { withRetry } from '../data/transactions.ts';
import { startFilesTask } from '../lib/files-worker-client.ts';
import { BadRequestError, ConflictError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { actorOf, assertOwnJob } from './access.ts';
import { assertMoveTo } from './transitions.ts';
import { jobFor } from './job-view.ts';

/**
 * `POST api/jobs/{id}/revision-requests` (the owner, on a DELIVERED job): notes and, optionally,
 * reference images the client uploaded and confirmed like a job's photos (the request closes that
 * upload). The request opens the next round; past the studio's free rounds it is still accepted
 * and marked billable for staff. Conditional on the job as read, like approval: of the two at once
 * one outcome stands.
 */
export const requestRevisionRoute: RouteImpl<'createRevisionRequest'> = async ({ params, body, caller, log }) => {
  const settings = await getStudioSettings();
  const { job, imageCount } = await withRetry(
    async () => {
      const current = await getJob(params.id);
      assertOwnJob(caller!, current);
      assertMoveTo(current, 'REVISION_REQUESTED');
      let upload = null;
      if (body.uploadId) {
        upload = await getUpload(body.uploadId);
        if (!upload || upload.clientId !== caller!.userId || upload.photoCount === 0) {
          throw new BadRequestError('The request is not valid.', [
            { path: 'body.uploadId', message: 'Upload the reference images first.' },
          ]);
        }
        if (upload.jobId) throw new ConflictError('These images were already sent with a job or a revision request.');
      }
      const round = (current.round ?? 1) + 1;
      const changed = await requestRevision(
        current,
        {
          notes: body.notes,
          upload,
          billable: isBillableRound(round, settings.freeRevisionRounds),
          actor: actorOf(caller!),
        },
        new Date().toISOString(),
      );
      return { job: changed, imageCount: upload?.photoCount ?? 0 };
    },
    // The job (item 0) or the upload (item 3) moved meanwhile: read both again.
    { retryFailedConditionsAt: [0, 3], tries: 4 },
  );
  if (body.uploadId) {
    // The images are part of the job now: never expired with abandoned uploads (as a job's photos).
    await startFilesTask({ task: 'keep-photos', jobId: job.id, uploadId: body.uploadId }).catch((error: unknown) =>
      log.error('could not start keeping the reference images of a revision', { jobId: job.id, error: String(error) }),
    );
  }
  const round = job.round ?? 2;
  return {
    job: await jobFor(caller!, job),
    revision: {
      round,
      notes: body.notes,
      requestedAt: job.updatedAt,
      billable: isBillableRound(round, settings.freeRevisionRounds),
      imageCount,
    },
  };
};
