import { deletedResponseSchema } from '../catalog-admin.ts';
import {
  reorderBodySchema,
  testimonialBodySchema,
  testimonialsResponseSchema,
  testimonialWriteResponseSchema,
} from '../content-admin.ts';
import { emptyObjectSchema, idParamsSchema } from '../ids.ts';
import { listTestimonialsResponseSchema } from '../testimonial.ts';
import { catalogCacheSeconds, route, type RouteDefinition } from './route.ts';

/** The routes of the `testimonials` group (one Lambda function). */
export const testimonialsRoutes = {
  listTestimonials: route({
    method: 'GET',
    path: 'api/testimonials',
    group: 'testimonials',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listTestimonialsResponseSchema,
    cacheSeconds: catalogCacheSeconds,
  }),
  createTestimonial: route({
    method: 'POST',
    path: 'api/testimonials',
    group: 'testimonials',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: testimonialBodySchema,
    response: testimonialWriteResponseSchema,
    successStatus: 201,
  }),
  updateTestimonial: route({
    method: 'PUT',
    path: 'api/testimonials/{id}',
    group: 'testimonials',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: testimonialBodySchema,
    response: testimonialWriteResponseSchema,
  }),
  deleteTestimonial: route({
    method: 'DELETE',
    path: 'api/testimonials/{id}',
    group: 'testimonials',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: deletedResponseSchema,
  }),
  reorderTestimonials: route({
    method: 'PUT',
    path: 'api/testimonials/order',
    group: 'testimonials',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: reorderBodySchema,
    response: testimonialsResponseSchema,
  }),
} as const satisfies Record<string, RouteDefinition & { group: 'testimonials' }>;
