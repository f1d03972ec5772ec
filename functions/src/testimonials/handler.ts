import { createGroupHandler } from '../lib/http.ts';
import { listTestimonialsRoute } from './list-testimonials.ts';

export const handler = createGroupHandler('testimonials', { listTestimonials: listTestimonialsRoute });
