import { galleryMessages } from '@studio/shared/showcase-admin';
import type { GalleryItem } from '@studio/shared/gallery';
import { ulid } from 'ulid';
import { getLiveServiceRow } from '../data/catalog-admin.ts';
import { toGalleryItem } from '../data/gallery.ts';
import { deleteGalleryItem, getGalleryItemRow, insertGalleryItem, updateGalleryItem } from '../data/gallery-admin.ts';
import { mediaKeyOfPath, requireCatalogImages } from '../data/catalog-images.ts';
import { BadRequestError, NotFoundError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';

const notFound = () => new NotFoundError('There is no gallery item with this id.');

async function requireService(serviceId: string): Promise<{ id: string; name: string }> {
  const service = await getLiveServiceRow(serviceId);
  if (!service) {
    throw new BadRequestError('The request is not valid.', [
      { path: 'body.serviceId', message: 'there is no such service' },
    ]);
  }
  return { id: service.id, name: service.name };
}

async function readItem(id: string, service: { id: string; name: string }): Promise<GalleryItem> {
  const row = await getGalleryItemRow(id);
  if (!row) throw notFound();
  return toGalleryItem(row, service);
}

export const createGalleryItemRoute: RouteImpl<'createGalleryItem'> = async ({ body }) => {
  const service = await requireService(body.serviceId);
  await requireCatalogImages({ 'body.beforeImage': body.beforeImage, 'body.afterImage': body.afterImage });
  const id = ulid();
  await insertGalleryItem(
    {
      id,
      serviceId: service.id,
      title: body.title,
      description: body.description ?? '',
      beforeImageKey: mediaKeyOfPath(body.beforeImage),
      afterImageKey: mediaKeyOfPath(body.afterImage),
    },
    body.displayOrder,
  );
  return { item: await readItem(id, service), message: galleryMessages.added };
};

export const updateGalleryItemRoute: RouteImpl<'updateGalleryItem'> = async ({ params, body }) => {
  if (!(await getGalleryItemRow(params.id))) throw notFound();
  const service = await requireService(body.serviceId);
  await requireCatalogImages({ 'body.beforeImage': body.beforeImage, 'body.afterImage': body.afterImage });
  const position = await updateGalleryItem(params.id, {
    serviceId: service.id,
    title: body.title,
    description: body.description ?? '',
    displayOrder: body.displayOrder,
    beforeImageKey: body.beforeImage && mediaKeyOfPath(body.beforeImage),
    afterImageKey: body.afterImage && mediaKeyOfPath(body.afterImage),
  });
  if (position === null) throw notFound();
  return { item: await readItem(params.id, service), message: galleryMessages.updated };
};

export const deleteGalleryItemRoute: RouteImpl<'deleteGalleryItem'> = async ({ params }) => {
  if (!(await deleteGalleryItem(params.id))) throw notFound();
  return { id: params.id, message: galleryMessages.deleted };
};
