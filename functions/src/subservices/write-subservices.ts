import { maxSubServicesPerService, subServiceCreatedMessage } from '@studio/shared/catalog-admin';
import type { Currency } from '@studio/shared/currency';
import { centsFromAmount, type Money } from '@studio/shared/money';
import type { SubService } from '@studio/shared/service';
import { ulid } from 'ulid';
import { listSubServicesOfService } from '../data/catalog.ts';
import {
  createSubService,
  deleteSubService,
  findSubService,
  updateSubService,
  type SubServiceFields,
} from '../data/catalog-admin.ts';
import { mediaKeyOfPath, requireCatalogImages } from '../data/catalog-images.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';

const unknownService = () =>
  new BadRequestError('The request is not valid.', [{ path: 'body.serviceId', message: 'there is no such service' }]);
const notFound = () => new NotFoundError('There is no subservice with this id.');

/** The spec's price rows are in major units (checked to whole cents); prices are kept in cents. */
const inCents = (rows: readonly { price: number; currency: Currency }[]): Money[] =>
  rows.map((row) => ({ currency: row.currency, cents: centsFromAmount(row.price) }));

async function readBack(serviceId: string, id: string): Promise<SubService> {
  const sub = (await listSubServicesOfService(serviceId)).find((s) => s.id === id);
  if (!sub) throw new ConflictError('The subservice was removed meanwhile.');
  return sub;
}

async function create(serviceId: string, fields: SubServiceFields): Promise<SubService> {
  const id = ulid();
  const result = await createSubService(serviceId, id, fields, maxSubServicesPerService);
  if (result === 'no-service') throw unknownService();
  if (result === 'full') {
    throw new ConflictError(`A service can have at most ${maxSubServicesPerService} subservices.`);
  }
  return readBack(serviceId, id);
}

export const createSubServiceWithPricesRoute: RouteImpl<'createSubServiceWithPrices'> = async ({ body }) => ({
  subService: await create(body.serviceId, {
    name: body.name,
    description: body.description,
    order: body.order,
    prices: inCents(body.prices),
  }),
  message: subServiceCreatedMessage,
});

export const createSubServiceWithPricesAndImagesRoute: RouteImpl<'createSubServiceWithPricesAndImages'> = async ({
  body,
}) => {
  await requireCatalogImages({ 'body.beforeImage': body.beforeImage, 'body.afterImage': body.afterImage });
  return {
    subService: await create(body.serviceId, {
      name: body.name,
      description: body.description,
      order: body.order,
      prices: inCents(body.prices),
      beforeImageKey: mediaKeyOfPath(body.beforeImage),
      afterImageKey: mediaKeyOfPath(body.afterImage),
    }),
    message: subServiceCreatedMessage,
  };
};

export const updateSubServiceRoute: RouteImpl<'updateSubService'> = async ({ params, body }) => {
  const row = await findSubService(params.id);
  if (!row) throw notFound();
  if (body.serviceId !== undefined && body.serviceId !== row.serviceId) {
    throw new BadRequestError('The request is not valid.', [
      { path: 'body.serviceId', message: 'a subservice cannot move to another service' },
    ]);
  }
  await requireCatalogImages({ 'body.beforeImage': body.beforeImage, 'body.afterImage': body.afterImage });
  const updated = await updateSubService(row, {
    name: body.name,
    description: body.description,
    order: body.order,
    prices: inCents(body.prices),
    beforeImageKey: body.beforeImage && mediaKeyOfPath(body.beforeImage),
    afterImageKey: body.afterImage && mediaKeyOfPath(body.afterImage),
  });
  if (!updated) throw notFound();
  return { subService: await readBack(row.serviceId, row.id), message: 'SubService updated successfully' };
};

export const deleteSubServiceRoute: RouteImpl<'deleteSubService'> = async ({ params }) => {
  const row = await findSubService(params.id);
  if (!row) throw notFound();
  await deleteSubService(row);
  return { id: params.id, message: 'SubService deleted successfully' };
};
