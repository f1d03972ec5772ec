import type { JobOpeningBody } from '@studio/shared/content-admin';
import { ulid } from 'ulid';
import { toOpening } from '../data/job-openings.ts';
import { deleteOpening, getOpeningRow, listAllJobOpenings, putOpening } from '../data/job-openings-admin.ts';
import { mediaKeyOfPath, requireCatalogImages } from '../data/catalog-images.ts';
import { NotFoundError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';

const notFound = () => new NotFoundError('There is no job opening with this id.');

async function imageFields(body: JobOpeningBody): Promise<{ imageKey?: string; imageUrl?: string }> {
  const image = body.imageUrl ?? undefined;
  if (!image) return {};
  if (image.startsWith('/media/')) {
    await requireCatalogImages({ 'body.imageUrl': image });
    return { imageKey: mediaKeyOfPath(image) };
  }
  return { imageUrl: image };
}

export const listAllJobOpeningsRoute: RouteImpl<'listAllJobOpenings'> = async () => ({
  openings: await listAllJobOpenings(),
});

export const createJobOpeningRoute: RouteImpl<'createJobOpening'> = async ({ body }) => {
  const row = {
    id: ulid(),
    title: body.title,
    description: body.description,
    isActive: body.isActive,
    postedAt: new Date().toISOString(),
    ...(await imageFields(body)),
  };
  await putOpening(row, false);
  return { opening: toOpening(row), message: 'Job opening created.' };
};

export const updateJobOpeningRoute: RouteImpl<'updateJobOpening'> = async ({ params, body }) => {
  const current = await getOpeningRow(params.id);
  if (!current) throw notFound();
  const row = {
    id: current.id,
    title: body.title,
    description: body.description,
    isActive: body.isActive,
    postedAt: current.postedAt,
    ...(await imageFields(body)),
  };
  if (!(await putOpening(row, true))) throw notFound();
  return { opening: toOpening(row), message: 'Job opening updated.' };
};

export const deleteJobOpeningRoute: RouteImpl<'deleteJobOpening'> = async ({ params }) => {
  if (!(await deleteOpening(params.id))) throw notFound();
  return { id: params.id, message: 'Job opening deleted.' };
};
