import { testimonialsRoutes } from '@studio/shared/routes/testimonials';
import { createGroupHandler } from '../lib/http.ts';
import { listTestimonialsRoute } from './list-testimonials.ts';
import {
  createTestimonialRoute,
  deleteTestimonialRoute,
  reorderTestimonialsRoute,
  updateTestimonialRoute,
} from './write-testimonials.ts';

export const handler = createGroupHandler(testimonialsRoutes, {
  listTestimonials: listTestimonialsRoute,
  createTestimonial: createTestimonialRoute,
  updateTestimonial: updateTestimonialRoute,
  deleteTestimonial: deleteTestimonialRoute,
  reorderTestimonials: reorderTestimonialsRoute,
});
