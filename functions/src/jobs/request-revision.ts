import { isBillableRound } from '@studio/shared/job-lifecycle';
import {
  halfSentBack,
  notesOrRejectText,
  sendBackRejected,
  stopBefore,
  unfinishedSendBackText,
} from '../data/image-reviews.ts';
import { getUpload } from '../data/job-files.ts';
import { requestRevision } from '../data/job-lifecycle.ts';
import { getJob } from '../data/jobs.ts';
import { getStudioSettings } from '../data/settings.ts';
import { withRetry } from '../data/transactions.ts';
import { startFilesTask } from '../lib/files-worker-client.ts';
import { BadRequestError, ConflictError, ServiceUnavailableError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { actorOf, assertJobPermission } from './access.ts';
import { assertMoveTo } from './transitions.ts';
import { jobFor } from './job-view.ts';

/**
 * A send-back stopped for time: the request stands (the job took it), the images left go with the
 * repeat of the request (its `halfSentBack` path); the client is told to send it again.
 */
function finished<T extends { complete: boolean; moved: number }>(sent: T): T {
  if (!sent.complete) throw new ServiceUnavailableError(unfinishedSendBackText(sent.moved));
  return sent;
}

/**
 * `POST api/jobs/{id}/revision-requests` (the owner, on a DELIVERED job): notes and, optionally,
 * reference images the client uploaded and confirmed like a job's photos (the request closes that
 * upload). The request opens the next round; past the studio's free rounds it is still accepted
 * and marked billable for staff. Conditional on the job as read, like approval: of the two at once
 * one outcome stands.
 *
 * A job with images (#34) sends back exactly the images the client rejected in this round (they go
 * to IN_EDIT; notes optional then). A repeat of the request after a crash half-way through its
 * images (the job took the request, rejected images are left) finishes the moves and answers the
 * request again (201) instead of a 409. Without a rejected image the notes are required.
 */
export const requestRevisionRoute: RouteImpl<'createRevisionRequest'> = async ({
  params,
  body,
  caller,
  log,
  remainingMs,
}) => {
  const settings = await getStudioSettings();
  const { job, revision } = await withRetry(
    async () => {
      const current = await assertJobPermission(caller!, await getJob(params.id), 'review');
      const images = current.uploadId !== null && current.imageCounts !== null;
      if (images && halfSentBack(current)) {
        return finished(
          await sendBackRejected(
            current,
            { notes: '', upload: null, billable: false, actor: actorOf(caller!) },
            { stop: stopBefore(remainingMs) },
          ),
        );
      }
      // A job sent as a link always needs the notes (#17): said before its state, as the schema did.
      if (!images && !body.notes) {
        throw new BadRequestError('The request is not valid.', [
          { path: 'body.notes', message: 'Say what should change.' },
        ]);
      }
      assertMoveTo(current, 'REVISION_REQUESTED');
      const rejected = images ? current.imageCounts!.REJECTED : 0;
      if (rejected === 0 && !body.notes) {
        throw new BadRequestError('The request is not valid.', [{ path: 'body.notes', message: notesOrRejectText }]);
      }
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
      const input = {
        notes: body.notes ?? '',
        upload,
        billable: isBillableRound(round, settings.freeRevisionRounds),
        actor: actorOf(caller!),
      };
      if (rejected > 0) return finished(await sendBackRejected(current, input, { stop: stopBefore(remainingMs) }));
      const changed = await requestRevision(current, input, new Date().toISOString());
      return {
        job: changed,
        revision: {
          round,
          notes: input.notes,
          requestedAt: changed.updatedAt,
          billable: input.billable,
          imageCount: upload?.photoCount ?? 0,
          sentBackCount: 0,
          approvedCount: 0,
        },
      };
    },
    // The job (item 0) or the upload (item 3) moved meanwhile: read both again.
    { retryFailedConditionsAt: [0, 3], tries: 4 },
  );
  if (body.uploadId && revision.imageCount > 0) {
    // The images are part of the job now: never expired with abandoned uploads (as a job's photos).
    await startFilesTask({ task: 'keep-photos', jobId: job.id, uploadId: body.uploadId }).catch((error: unknown) =>
      log.error('could not start keeping the reference images of a revision', { jobId: job.id, error: String(error) }),
    );
  }
  return {
    job: await jobFor(caller!, job),
    revision: {
      round: revision.round,
      notes: revision.notes,
      requestedAt: revision.requestedAt,
      billable: revision.billable,
      imageCount: revision.imageCount,
      sentBackCount: revision.sentBackCount,
      approvedCount: revision.approvedCount,
    },
  };
};
