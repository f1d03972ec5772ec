import { linksExpireAt } from '../data/file-objects.ts';
import { decideQc } from '../data/image-work.ts';
import { batchGet } from '../data/batch-get.ts';
import { listQcWaiting } from '../data/images.ts';
import { jobItemOf, toJob } from '../data/jobs.ts';
import { jobKey } from '../data/keys.ts';
import { decodePosition, encodePosition } from '../data/page-cursor.ts';
import type { RouteImpl } from '../lib/http.ts';
import { actorOf } from '../jobs/access.ts';
import { imageView } from './views.ts';

/**
 * `PUT api/jobs/{id}/images/{imageId}/qc` (#33, MANAGER and SUPER_ADMIN): PASS releases the image's
 * current version to the client (DELIVERED); FAIL sends it back to the editor with the note
 * (IN_EDIT). Only an image waiting in QC (409 otherwise).
 */
export const decideImageQcRoute: RouteImpl<'decideImageQc'> = async ({ params, body, caller }) => {
  const { image, result } = await decideQc(
    params.id,
    params.imageId,
    { decision: body.decision, note: body.note ?? null },
    { actor: actorOf(caller!), by: caller!.userId },
  );
  return {
    image: await imageView(image, { staff: true, finished: true }),
    counts: result.counts,
    jobStatus: result.after.status,
  };
};

/** A position on the QC board: `<ISO time>#<image id>`, as the board's index sorts. */
const qcPosition = /^\d{4}-\d\d-\d\dT[\d:.]+Z#[0-9A-HJKMNP-TV-Z]{26}$/;

/**
 * `GET api/qc/images` (#33, MANAGER and SUPER_ADMIN): the images waiting for QC across jobs, oldest
 * first, with their job's number; read from the 16 partitions of the board's index and merged.
 */
export const listQcImagesRoute: RouteImpl<'listQcImages'> = async ({ query }) => {
  const page = await listQcWaiting(query.limit ?? 50, decodePosition(query.cursor, qcPosition));
  const jobIds = [...new Set(page.images.map((image) => image.jobId).filter((id): id is string => id !== null))];
  const jobs = new Map(
    (await batchGet(jobIds.map((id) => jobKey(id)))).map((item) => {
      const job = toJob(jobItemOf(item));
      return [job.id, job];
    }),
  );
  // An image of a job deleted meanwhile (only cancelled jobs are) is left off the board.
  const waiting = page.images.filter((image) => image.jobId !== null && jobs.has(image.jobId));
  const entries = await Promise.all(
    waiting.map(async (image) => {
      const job = jobs.get(image.jobId!)!;
      return {
        job: { id: job.id, jobNumber: job.jobNumber, serviceName: job.serviceName },
        image: await imageView(image, { staff: true, finished: true }),
        waitingSince: image.statusAt,
      };
    }),
  );
  return { images: entries, nextCursor: page.next ? encodePosition(page.next) : null, expiresAt: linksExpireAt() };
};
