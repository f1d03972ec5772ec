import * as z from 'zod/mini';
import { idSchema } from './ids.ts';

export const testimonialSchema = z.object({
  id: idSchema,
  text: z.string(),
  author: z.string(),
  position: z.string(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

/** `GET api/testimonials` answers a bare array, as the spec's page reads it. */
export const listTestimonialsResponseSchema = z.array(testimonialSchema);
