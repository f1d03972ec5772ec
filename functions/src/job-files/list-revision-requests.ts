import { listRevisions } from '../data/job-lifecycle.ts';
import { listPhotos } from '../data/job-files.ts';
import type { RouteImpl } from '../lib/http.ts';
import { readableJob } from './access.ts';
import { toJobFiles } from './file-links.ts';

/** Reference images shown per round; a request holds few (the upload's cap is far higher, unused here). */
const imagesPerRound = 100;

/**
 * `GET api/jobs/{id}/revision-requests` (#17): each round's request, oldest first, with its notes
 * and reference images (previews and downloads, signed like the job's photos), for the job's
 * owner, its editor and managers.
 */
export const listRevisionRequestsRoute: RouteImpl<'listRevisionRequests'> = async ({ params, caller }) => {
  const job = await readableJob(caller!, params.id);
  const revisions = await listRevisions(job.id);
  return {
    revisions: await Promise.all(
      revisions.map(async ({ uploadId, ...revision }) => ({
        ...revision,
        images: uploadId ? await toJobFiles((await listPhotos(uploadId, imagesPerRound)).files) : [],
      })),
    ),
  };
};
