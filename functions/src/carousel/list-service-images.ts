import { carouselPageDefaults } from '@studio/shared/carousel';
import { listCarouselPage } from '../data/carousel.ts';
import { getServiceRef } from '../data/service-refs.ts';
import { NotFoundError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';

export const listServiceImagesRoute: RouteImpl<'listServiceImages'> = async ({ params, query }) => {
  const page = query.page ?? carouselPageDefaults.page;
  const limit = query.limit ?? carouselPageDefaults.limit;
  const [service, result] = await Promise.all([getServiceRef(params.id), listCarouselPage(params.id, page, limit)]);
  if (!service) throw new NotFoundError('There is no service with this id.');
  return result;
};
