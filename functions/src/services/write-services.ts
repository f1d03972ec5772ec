import { serviceAddedMessage } from '@studio/shared/catalog-admin';
import { ulid } from 'ulid';
import { createService, getService } from '../data/catalog.ts';
import { deleteServiceCascade, nextServiceOrder, updateService } from '../data/catalog-admin.ts';
import { mediaKeyOfPath, requireCatalogImages } from '../data/catalog-images.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';

const notFound = () => new NotFoundError('There is no service with this id.');

export const createServiceRoute: RouteImpl<'createService'> = async ({ body }) => {
  await requireCatalogImages({ 'body.beforeImage': body.beforeImage, 'body.afterImage': body.afterImage });
  const id = ulid();
  await createService({
    id,
    name: body.name,
    description: body.description,
    beforeImageKey: mediaKeyOfPath(body.beforeImage),
    afterImageKey: mediaKeyOfPath(body.afterImage),
    order: body.order ?? (await nextServiceOrder()),
    subServices: [],
  });
  const service = await getService(id);
  if (!service) throw new ConflictError('The service was removed meanwhile.');
  return { service, message: serviceAddedMessage };
};

export const updateServiceRoute: RouteImpl<'updateService'> = async ({ params, body }) => {
  await requireCatalogImages({ 'body.beforeImage': body.beforeImage, 'body.afterImage': body.afterImage });
  const updated = await updateService(params.id, {
    name: body.name,
    description: body.description,
    order: body.order,
    beforeImageKey: body.beforeImage && mediaKeyOfPath(body.beforeImage),
    afterImageKey: body.afterImage && mediaKeyOfPath(body.afterImage),
  });
  if (!updated) throw notFound();
  const service = await getService(params.id);
  if (!service) throw notFound();
  return { service, message: 'Service updated successfully!' };
};

export const deleteServiceRoute: RouteImpl<'deleteService'> = async ({ params }) => {
  const result = await deleteServiceCascade(params.id);
  if (result === 'not-found') throw notFound();
  if (result === 'has-jobs') {
    throw new ConflictError('This service has client jobs, so it cannot be deleted. Its jobs keep referring to it.');
  }
  return { id: params.id, message: 'Service deleted successfully!' };
};
