import type * as z from 'zod/mini';
import type { RouteDefinition } from './route.ts';
import { adminRoutes } from './admin.ts';
import { apiKeysRoutes } from './api-keys.ts';
import { applicationsRoutes } from './applications.ts';
import { carouselRoutes } from './carousel.ts';
import { contactRoutes } from './contact.ts';
import { documentsRoutes } from './documents.ts';
import { freeTrialLeadsRoutes } from './free-trial-leads.ts';
import { galleryRoutes } from './gallery.ts';
import { imagesRoutes } from './images.ts';
import { jobFilesRoutes } from './job-files.ts';
import { jobImagesRoutes } from './job-images.ts';
import { jobOpeningsRoutes } from './job-openings.ts';
import { jobOrdersRoutes } from './job-orders.ts';
import { jobsRoutes } from './jobs.ts';
import { notificationsRoutes } from './notifications.ts';
import { organisationsRoutes } from './organisations.ts';
import { paymentsRoutes } from './payments.ts';
import { pricingRoutes } from './pricing.ts';
import { servicesRoutes } from './services.ts';
import { settingsRoutes } from './settings.ts';
import { specsRoutes } from './specs.ts';
import { sliderImagesRoutes } from './slider-images.ts';
import { subservicesRoutes } from './subservices.ts';
import { testimonialsRoutes } from './testimonials.ts';
import { uploadsRoutes } from './uploads.ts';
import { usersRoutes } from './users.ts';
import { webhooksRoutes } from './webhooks.ts';

export {
  fillPath,
  routeGroups,
  takesIdempotencyKey,
  type HttpMethod,
  type RouteDefinition,
  type RouteGroup,
} from './route.ts';

/**
 * Every API route, declared once: read by the CDK stack, the local gateway, the web client and the
 * tests. Each group's routes live in the module of that group (`./<group>.ts`); a Lambda function
 * imports its own group's module only, so its bundle carries no other group's schemas.
 */
export const routes = {
  ...servicesRoutes,
  ...subservicesRoutes,
  ...pricingRoutes,
  ...testimonialsRoutes,
  ...sliderImagesRoutes,
  ...usersRoutes,
  ...adminRoutes,
  ...carouselRoutes,
  ...galleryRoutes,
  ...jobOpeningsRoutes,
  ...contactRoutes,
  ...freeTrialLeadsRoutes,
  ...uploadsRoutes,
  ...jobOrdersRoutes,
  ...jobsRoutes,
  ...jobFilesRoutes,
  ...jobImagesRoutes,
  ...imagesRoutes,
  ...applicationsRoutes,
  ...paymentsRoutes,
  ...documentsRoutes,
  ...settingsRoutes,
  ...notificationsRoutes,
  ...organisationsRoutes,
  ...specsRoutes,
  ...apiKeysRoutes,
  ...webhooksRoutes,
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

export type RouteParams<N extends RouteName> = z.infer<Routes[N]['params']>;
export type RouteQuery<N extends RouteName> = z.infer<Routes[N]['query']>;
export type RouteBody<N extends RouteName> = Routes[N] extends { body: z.ZodMiniType }
  ? z.infer<Routes[N]['body']>
  : undefined;
export type RouteResponse<N extends RouteName> = z.infer<Routes[N]['response']>;

/** Every route as a list, with its name. */
export const routeList = (Object.keys(routes) as RouteName[]).map((name) => ({
  name,
  ...(routes[name] as RouteDefinition),
}));
