import { createGroupHandler } from '../lib/http.ts';
import { listTestimonialsRoute } from './list-testimonials.ts';
import {
  createTestimonialRoute,
  deleteTestimonialRoute,
  reorderTestimonialsRoute,
  updateTestimonialRoute,
} from './write-testimonials.ts';

export const handler = createGroupHandler('testimonials', {
  listTestimonials: listTestimonialsRoute,
  createTestimonial: createTestimonialRoute,
  updateTestimonial: updateTestimonialRoute,
  deleteTestimonial: deleteTestimonialRoute,
  reorderTestimonials: reorderTestimonialsRoute,
});
