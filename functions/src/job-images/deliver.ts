import { tagKept } from '../data/file-objects.ts';
import { deliverFiles, type DeliveredVersion } from '../data/image-work.ts';
import { getImage } from '../data/images.ts';
import { getStudioSettings } from '../data/settings.ts';
import type { Caller } from '../lib/caller.ts';
import { BadRequestError } from '../lib/errors.ts';
import { startPreviewTask } from '../lib/files-worker-client.ts';
import type { RouteImpl } from '../lib/http.ts';
import type { Logger } from '../lib/observability.ts';
import { mapLimit } from '@studio/shared/map-limit';
import { actorOf } from '../jobs/access.ts';
import { deliveryImageJob } from './access.ts';
import { prepareDelivery, type PreparedDelivery } from './delivery-files.ts';
import { imageView, versionViews } from './views.ts';

/**
 * Writes a prepared delivery (nothing refused): the files are kept (re-tagged as part of the job),
 * become versions with the job's counts, and the preview worker is asked for their previews.
 */
export async function writeDelivery(jobId: string, prepared: PreparedDelivery, caller: Caller, log: Logger) {
  await mapLimit(prepared.files, 16, (file) => tagKept(file.key));
  const { qcRequired } = await getStudioSettings();
  const outcome = await deliverFiles(jobId, prepared.files, {
    qcRequired,
    actor: actorOf(caller),
    deliveredBy: caller.userId,
  });
  await askForPreviews(outcome.delivered, log);
  return outcome;
}

async function askForPreviews(delivered: readonly DeliveredVersion[], log: Logger) {
  if (delivered.length === 0) return;
  await startPreviewTask({
    task: 'previews',
    items: delivered.map(({ version }) => ({
      kind: 'version',
      uploadId: version.uploadId,
      imageId: version.imageId,
      versionId: version.id,
      key: version.key,
      contentType: version.contentType,
    })),
  }).catch((error: unknown) => log.error('could not start the preview worker', { error: String(error) }));
}

/**
 * `POST api/jobs/{id}/images/{imageId}/versions` (#33): a posted finished file becomes a version of
 * the image: the new current version (IN_QC, or DELIVERED with QC off), or an extra file beside it.
 */
export const deliverImageVersionRoute: RouteImpl<'deliverImageVersion'> = async ({ params, body, caller, log }) => {
  const job = await deliveryImageJob(caller!, params.id, log);
  const prepared = await prepareDelivery(job, [{ ...body, imageId: params.imageId }]);
  const problem = prepared.problems[0];
  if (problem) {
    const message = `${problem.fileName}: ${problem.reason}`;
    throw new BadRequestError(message, [{ path: 'body.key', message }]);
  }
  const outcome = await writeDelivery(job.id, prepared, caller!, log);
  const image = (await getImage(job.uploadId, params.imageId))!;
  const reader = { staff: true, finished: true };
  const [version] = await versionViews(
    outcome.delivered.map((entry) => entry.version),
    reader,
  );
  return { image: await imageView(image, reader), version: version! };
};

/**
 * `POST api/jobs/{id}/images/deliveries` (#33): up to 100 finished files, each matched to its
 * original by file-name stem (any extension) unless it names its image. All or nothing: files that
 * match no image, several, or are refused are listed in the 400's `details.unmatched`, and nothing
 * is delivered. Written in transactions of 45 files; a repeated call skips what was delivered.
 */
export const deliverImagesRoute: RouteImpl<'deliverImages'> = async ({ params, body, caller, log }) => {
  const job = await deliveryImageJob(caller!, params.id, log);
  const prepared = await prepareDelivery(job, body.files);
  if (prepared.problems.length > 0) {
    const count = prepared.problems.length;
    throw new BadRequestError(
      `${count} of ${body.files.length} file${body.files.length === 1 ? '' : 's'} could not be delivered, so none was: ` +
        prepared.problems
          .slice(0, 3)
          .map((problem) => `${problem.fileName}: ${problem.reason}`)
          .join(' ') +
        (count > 3 ? ` (and ${count - 3} more)` : ''),
      undefined,
      { unmatched: prepared.problems },
    );
  }
  const outcome = await writeDelivery(job.id, prepared, caller!, log);
  const after = outcome.result?.after;
  return {
    delivered: outcome.delivered.map(({ file, version, image, status }) => ({
      fileName: file.fileName,
      imageId: image.id,
      imageFileName: image.fileName,
      versionId: version.id,
      number: version.number,
      kind: version.kind,
      status,
    })),
    counts: (after?.imageCounts ?? job.imageCounts)!,
    jobStatus: after?.status ?? job.status,
  };
};
