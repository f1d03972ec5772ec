import type { RouteName } from '@studio/shared/routes';
import { carouselRoutes } from '@studio/shared/routes/carousel';
import { galleryRoutes } from '@studio/shared/routes/gallery';
import { jobOpeningsRoutes } from '@studio/shared/routes/job-openings';
import { pricingRoutes } from '@studio/shared/routes/pricing';
import { servicesRoutes } from '@studio/shared/routes/services';
import { sliderImagesRoutes } from '@studio/shared/routes/slider-images';
import { subservicesRoutes } from '@studio/shared/routes/subservices';
import { testimonialsRoutes } from '@studio/shared/routes/testimonials';
import type { PublicRead } from '@studio/shared/site-render';
import { listCarouselServicesRoute } from '../carousel/list-carousel-services.ts';
import { listServiceImagesRoute } from '../carousel/list-service-images.ts';
import { listGalleryByServiceRoute } from '../gallery/list-gallery-by-service.ts';
import { listGalleryItemsRoute } from '../gallery/list-gallery-items.ts';
import { listGalleryServicesRoute } from '../gallery/list-gallery-services.ts';
import { listJobOpeningsRoute } from '../job-openings/list-job-openings.ts';
import type { RouteImpl } from '../lib/http.ts';
import type { Logger } from '../lib/observability.ts';
import { getPricingRoute } from '../pricing/get-pricing.ts';
import { getServiceRoute } from '../services/get-service.ts';
import { listServicesRoute } from '../services/list-services.ts';
import { listSliderImagesRoute } from '../slider-images/list-slider-images.ts';
import { listSubServicesOfServiceRoute } from '../subservices/list-subservices-of-service.ts';
import { listSubServicesRoute } from '../subservices/list-subservices.ts';
import { listTestimonialsRoute } from '../testimonials/list-testimonials.ts';

/** The route groups that hold the public reads (the publisher's bundle carries these groups' schemas only). */
const publicGroups = {
  ...servicesRoutes,
  ...subservicesRoutes,
  ...pricingRoutes,
  ...testimonialsRoutes,
  ...sliderImagesRoutes,
  ...jobOpeningsRoutes,
  ...carouselRoutes,
  ...galleryRoutes,
};

/** The public reads a page may make, by route: the API's own route implementations. */
const publicReads: { [N in RouteName]?: RouteImpl<N> } = {
  listServices: listServicesRoute,
  getService: getServiceRoute,
  listSubServices: listSubServicesRoute,
  listSubServicesOfService: listSubServicesOfServiceRoute,
  getPricing: getPricingRoute,
  listTestimonials: listTestimonialsRoute,
  listSliderImages: listSliderImagesRoute,
  listJobOpenings: listJobOpeningsRoute,
  listCarouselServices: listCarouselServicesRoute,
  listServiceImages: listServiceImagesRoute,
  listGalleryServices: listGalleryServicesRoute,
  listGalleryItems: listGalleryItemsRoute,
  listGalleryByService: listGalleryByServiceRoute,
};

/** The route names the publisher answers; a test checks they are every public GET of the table. */
export const publisherReadRoutes = Object.keys(publicReads) as RouteName[];

/**
 * A page's reads answered from the table, exactly as the API answers them: the route's params and
 * query parsed with its schemas (as strings, as they arrive in a URL), its implementation run with
 * no caller, and its answer parsed with its response schema (which strips storage fields).
 */
export function tableReads(log: Logger): PublicRead {
  return async (name, input) => {
    const impl = publicReads[name] as RouteImpl<RouteName> | undefined;
    const definition = publicGroups[name as keyof typeof publicGroups];
    if (!impl || !definition || definition.method !== 'GET' || definition.access !== 'public') {
      throw new Error(`${name} is not a public read`);
    }
    const query = Object.fromEntries(Object.entries(input.query).map(([key, value]) => [key, String(value)]));
    const result = await impl({
      params: definition.params.parse(input.params),
      query: definition.query.parse(query),
      body: undefined,
      headers: {},
      caller: null,
      log,
    } as Parameters<RouteImpl<RouteName>>[0]);
    return definition.response.parse(result);
  };
}
