import { serviceImageMessages } from '@studio/shared/showcase-admin';
import { ulid } from 'ulid';
import {
  deleteServiceImages,
  foreignImageIds,
  insertServiceImages,
  reorderServiceImages,
} from '../data/carousel-admin.ts';
import { getLiveServiceRow } from '../data/catalog-admin.ts';
import { mediaKeyOfPath, requireCatalogImages } from '../data/catalog-images.ts';
import { BadRequestError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';

const invalid = (path: string, message: string) =>
  new BadRequestError('The request is not valid.', [{ path, message }]);

async function requireService(serviceId: string) {
  if (!(await getLiveServiceRow(serviceId))) throw invalid('body.serviceId', 'Please select a service');
}

export const bulkInsertServiceImagesRoute: RouteImpl<'bulkInsertServiceImages'> = async ({ body }) => {
  await requireService(body.serviceId);
  await requireCatalogImages(
    Object.fromEntries(body.images.map((image, i) => [`body.images.${i}.imageUrl`, image.imageUrl])),
  );
  const images = await insertServiceImages(
    body.serviceId,
    body.images.map((image) => ({ id: ulid(), imageKey: mediaKeyOfPath(image.imageUrl), imageName: image.imageName })),
  );
  return { images, message: serviceImageMessages.uploaded };
};

export const bulkDeleteServiceImagesRoute: RouteImpl<'bulkDeleteServiceImages'> = async ({ body }) => {
  await requireService(body.serviceId);
  const foreign = await foreignImageIds(body.serviceId, body.imageIds);
  if (foreign.length > 0) {
    throw new BadRequestError(
      'The request is not valid.',
      foreign.map((id) => ({
        path: `body.imageIds.${body.imageIds.indexOf(id)}`,
        message: 'is not an image of this service',
      })),
    );
  }
  const images = await deleteServiceImages(body.serviceId, body.imageIds);
  if (!images) throw invalid('body.imageIds', 'an image was removed meanwhile; reload and try again');
  return { images, message: serviceImageMessages.deleted };
};

export const reorderServiceImagesRoute: RouteImpl<'reorderServiceImages'> = async ({ body }) => {
  await requireService(body.serviceId);
  const result = await reorderServiceImages(body.serviceId, body.imageOrders);
  if ('problem' in result) {
    const { index, message } = result.problem;
    throw invalid(index === null ? 'body.imageOrders' : `body.imageOrders.${index}`, message);
  }
  return { images: result.images, message: serviceImageMessages.reordered };
};
