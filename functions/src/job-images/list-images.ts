import { firstTimeRate } from '@studio/shared/image-review';
import { imageCountsOf, imagePageDefault } from '@studio/shared/images';
import { linksExpireAt } from '../data/file-objects.ts';
import { listImages } from '../data/images.ts';
import { getJobItem, reviewFiguresOf } from '../data/jobs.ts';
import type { RouteImpl } from '../lib/http.ts';
import { finishedVersionsVisible, imageJob } from './access.ts';
import { askAgainForPreviews } from './previews.ts';
import { imageView } from './views.ts';

/**
 * `GET api/jobs/{id}/images?status=&cursor=&limit=` (#33): a page of the job's images in upload
 * order, or of those in one status, each with its original and current version (presigned
 * previews and downloads), and the job's counts per status.
 */
export const listJobImagesRoute: RouteImpl<'listJobImages'> = async ({ params, query, caller, log }) => {
  const job = await imageJob(caller!, params.id, log);
  const page = await listImages(job.uploadId, {
    status: query.status,
    limit: query.limit ?? imagePageDefault,
    cursor: query.cursor,
  });
  await askAgainForPreviews(page.images, log);
  // The job's figures as kept on its item (#34); `imageJob` answers the API's job, not the item.
  const figures = reviewFiguresOf((await getJobItem(job.id)) ?? {});
  const reader = { staff: caller!.principal !== 'CLIENT', finished: await finishedVersionsVisible(caller!, job) };
  return {
    images: await Promise.all(page.images.map((image) => imageView(image, reader))),
    nextCursor: page.nextCursor,
    total: job.numberOfPhotos,
    counts: imageCountsOf(job.imageCounts),
    released: reader.finished,
    firstTimeApproval: { ...figures, rate: firstTimeRate(figures.delivered, figures.firstTimeApproved) },
    expiresAt: linksExpireAt(),
  };
};
