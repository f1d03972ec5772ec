import { linksExpireAt } from '../data/file-objects.ts';
import { listImageReviews, reviewView } from '../data/image-reviews.ts';
import { getImage, listVersions } from '../data/images.ts';
import { NotFoundError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { finishedVersionsVisible, imageJob } from './access.ts';
import { askAgainForPreviews } from './previews.ts';
import { imageView, versionViews } from './views.ts';

/**
 * `GET api/jobs/{id}/images/{imageId}` (#33): one image with every version its reader may see,
 * oldest first, labelled by round, and the client's reviews of it (#34); staff also read each
 * version's QC decision.
 */
export const getJobImageRoute: RouteImpl<'getJobImage'> = async ({ params, caller, log }) => {
  const job = await imageJob(caller!, params.id, log);
  const image = await getImage(job.uploadId, params.imageId);
  if (!image) throw new NotFoundError('There is no image with this id in this job.');
  await askAgainForPreviews([image], log);
  const reader = { staff: caller!.principal !== 'CLIENT', finished: await finishedVersionsVisible(caller!, job) };
  return {
    image: await imageView(image, reader),
    versions: await versionViews(await listVersions(job.uploadId, image.id), reader),
    // The client's reviews with their shapes (#34): the owner and the job's staff (the editor redoes by them).
    reviews: (await listImageReviews(job.uploadId, image.id)).map(reviewView),
    released: reader.finished,
    expiresAt: linksExpireAt(),
  };
};
