import { ulid } from 'ulid';
import { listSliderImages } from '../data/content.ts';
import { appendContent, deleteContent, reorderContent } from '../data/content-admin.ts';
import { mediaKeyOfPath, requireCatalogImages } from '../data/catalog-images.ts';
import { BadRequestError, NotFoundError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';

export const createSliderImageRoute: RouteImpl<'createSliderImage'> = async ({ body }) => {
  await requireCatalogImages({ 'body.imagePath': body.imagePath });
  const id = ulid();
  // Empty copy is no copy: the slide is then an image only.
  const copy = {
    ...(body.title ? { title: body.title } : {}),
    ...(body.text ? { text: body.text } : {}),
  };
  await appendContent('sliderImage', id, { imageKey: mediaKeyOfPath(body.imagePath), ...copy });
  return { image: { id, imagePath: body.imagePath, ...copy }, message: 'Slide added.' };
};

export const deleteSliderImageRoute: RouteImpl<'deleteSliderImage'> = async ({ params }) => {
  if (!(await deleteContent('sliderImage', params.id))) throw new NotFoundError('There is no slide with this id.');
  return { id: params.id, message: 'Slide deleted.' };
};

export const reorderSliderImagesRoute: RouteImpl<'reorderSliderImages'> = async ({ body }) => {
  const { unknown, missing } = await reorderContent('sliderImage', body.ids);
  if (unknown.length > 0 || missing.length > 0) {
    throw new BadRequestError('The request is not valid.', [
      {
        path: 'body.ids',
        message: unknown.length > 0 ? `unknown slides: ${unknown.join(', ')}` : 'must name every slide',
      },
    ]);
  }
  return { images: await listSliderImages(), message: 'Slides reordered.' };
};
