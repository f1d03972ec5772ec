import { linksExpireAt } from '../data/file-objects.ts';
import { listPhotos, photosKeptAt } from '../data/job-files.ts';
import { startFilesTask } from '../lib/files-worker-client.ts';
import type { RouteImpl } from '../lib/http.ts';
import { readableJob } from './access.ts';
import { toJobFiles } from './file-links.ts';
import { filePageDefault } from '@studio/shared/job-files';

/** How long after creation a job's photos should have been kept by the worker. */
const keepGraceMs = 5 * 60 * 1000;

/**
 * `GET api/jobs/{id}/photos`: the client's photos of a job in upload order, a page at a time, with
 * a preview and a download link each. A job sent as a link has none.
 */
export const listJobPhotosRoute: RouteImpl<'listJobPhotos'> = async ({ params, query, caller, log }) => {
  const job = await readableJob(caller!, params.id);
  if (!job.uploadId) return { photos: [], total: 0, nextCursor: null, expiresAt: linksExpireAt() };
  const page = await listPhotos(job.uploadId, query.limit ?? filePageDefault, query.cursor);
  // The worker keeps a new job's photos; if that never happened (it could not be asked), ask again.
  if (Date.now() - Date.parse(job.createdAt) > keepGraceMs && !(await photosKeptAt(job.id))) {
    await startFilesTask({ task: 'keep-photos', jobId: job.id }).catch((error: unknown) =>
      log.error('could not start keeping the photos of a job', { jobId: job.id, error: String(error) }),
    );
  }
  return {
    photos: await toJobFiles(page.files),
    total: job.numberOfPhotos,
    nextCursor: page.nextCursor,
    expiresAt: linksExpireAt(),
  };
};
